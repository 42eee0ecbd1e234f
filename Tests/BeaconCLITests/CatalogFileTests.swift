import BeaconTestSupport
import BluetoothTypes
import Foundation
import MRTNavigation
import Positioning
import Testing

@testable import BeaconCLI

@Suite struct CatalogFileTests {
  @Test func exportedCatalogLoadsBackUnchanged() throws {
    let lines = StationFormatter(format: .json).lines(for: JakartaMRT.catalog)
    #expect(lines.count == 13)
    let loaded = try CatalogFile.parse(Data(lines.joined(separator: "\n").utf8), path: "export.jsonl")
    #expect(loaded.stations == JakartaMRT.catalog.stations)
  }

  @Test func stationsDocumentWithOwnBeacons() throws {
    let json = """
      {"stations": [
        {"name": "Home", "uuid": "11111111-2222-3333-4444-555555555555", "major": 7, "minor": 1},
        {"name": "Office", "displayName": "The office", "kind": "eddystone-uid",
         "namespace": "EDD1EBEAC04E5DEFA017", "instance": "0BDB87C1B000"}
      ]}
      """
    let catalog = try CatalogFile.parse(Data(json.utf8), path: "mine.json")
    let home = try #require(catalog.station(named: "home"))
    #expect(home.lineOrder == 1)
    #expect(
      home.beacon == .iBeacon(uuid: try #require(UUID128("11111111-2222-3333-4444-555555555555")), major: 7, minor: 1))
    let office = try #require(catalog.station(named: "The Office"))
    #expect(office.beacon.kind == .eddystoneUID)
  }

  @Test func missingFieldNamesTheStationAndField() {
    let json = #"{"name": "Home", "uuid": "11111111-2222-3333-4444-555555555555", "major": 7}"#
    #expect(
      throws: CatalogFileError.invalid(
        path: "bad.jsonl", reason: "station \"Home\": \"major\" and \"minor\" (0–65535) are required")
    ) {
      try CatalogFile.parse(Data(json.utf8), path: "bad.jsonl")
    }
  }

  @Test func coordinatesAndLevelAreRead() throws {
    let json =
      #"{"name": "Home", "uuid": "11111111-2222-3333-4444-555555555555", "major": 7, "minor": 1, "#
      + #""latitude": -6.2, "longitude": 106.8, "level": "at-grade"}"#
    let home = try #require(try CatalogFile.parse(Data(json.utf8), path: "mine.json").station(named: "Home"))
    #expect(home.coordinate == GeoCoordinate(latitude: -6.2, longitude: 106.8))
    #expect(home.level == .atGrade)
  }

  @Test(arguments: [
    (
      #""latitude": -6.2"#,
      "station \"Home\": \"latitude\" and \"longitude\" go together: give both or neither"
    ),
    (
      #""latitude": 106.8, "longitude": -6.2"#,
      "station \"Home\": \"latitude\" must be in −90…90 and \"longitude\" in −180…180 (decimal degrees, WGS 84)"
    ),
    (
      #""level": "tunnel""#,
      "station \"Home\": unknown level \"tunnel\" (use elevated, at-grade, underground)"
    ),
  ])
  func badGeometryIsNamed(fields: String, reason: String) {
    let json =
      #"{"name": "Home", "uuid": "11111111-2222-3333-4444-555555555555", "major": 7, "minor": 1, "#
      + fields + "}"
    #expect(throws: CatalogFileError.invalid(path: "bad.json", reason: reason)) {
      try CatalogFile.parse(Data(json.utf8), path: "bad.json")
    }
  }

  @Test func duplicateBeaconIsRejected() {
    let line = #"{"name": "A", "uuid": "11111111-2222-3333-4444-555555555555", "major": 1, "minor": 1}"#
    let other = #"{"name": "B", "uuid": "11111111-2222-3333-4444-555555555555", "major": 1, "minor": 1}"#
    #expect(
      throws: CatalogFileError.invalid(path: "dup.jsonl", reason: "stations A and B have the same beacon identity")
    ) {
      try CatalogFile.parse(Data((line + "\n" + other).utf8), path: "dup.jsonl")
    }
  }

  @Test func garbageLineIsNamed() throws {
    do {
      _ = try CatalogFile.parse(Data("{\"name\": \"A\"\nnot json\n".utf8), path: "x.jsonl")
      Issue.record("expected an error")
    } catch {
      #expect(error.description.hasPrefix("x.jsonl: not a usable station catalog: line 1"))
    }
  }

  /// The reason is the C library's text for the error, not a FoundationEssentials error dump.
  @Test func missingFileSaysSo() {
    #expect(
      throws: CatalogFileError.unreadable(path: "/nonexistent/catalog.json", reason: "No such file or directory")
    ) { try CatalogFile.load(path: "/nonexistent/catalog.json") }
    #expect(throws: CatalogFileError.unreadable(path: "/", reason: "Is a directory")) {
      try CatalogFile.load(path: "/")
    }
  }

  /// JSON Lines written on Windows: CRLF line ends, and a blank line that is only a carriage return.
  @Test func crlfLinesAndBlankLinesAreAccepted() throws {
    let text =
      #"{"name": "A", "uuid": "11111111-2222-3333-4444-555555555555", "major": 1, "minor": 1}"# + "\r\n  \r\n"
      + #"{"name": "B", "uuid": "11111111-2222-3333-4444-555555555555", "major": 1, "minor": 2}"# + "\r\n"
    let catalog = try CatalogFile.parse(Data(text.utf8), path: "windows.jsonl")
    #expect(catalog.stations.map(\.name) == ["A", "B"])
  }
}

extension CatalogFileTests {
  /// The GPS ride fixtures are made from `Fixtures/gps/stations.jsonl` (tools/make-gps-fixtures):
  /// it must be the built-in catalog as exported today, so that the rides stop at today's platforms.
  @Test func gpsFixturesStationsAreTheBuiltInCatalog() throws {
    let exported = StationFormatter(format: .json).lines(for: JakartaMRT.catalog).joined(separator: "\n") + "\n"
    let fixture = try String(contentsOfFile: TestPaths.fixture("gps/stations.jsonl"), encoding: .utf8)
    #expect(fixture == exported)
  }
}
