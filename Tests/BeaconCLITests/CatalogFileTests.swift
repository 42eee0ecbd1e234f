import BeaconTestSupport
import BluetoothTypes
import Foundation
import LineFormats
import MRTNavigation
import Positioning
import StationCatalogs
import Testing

@testable import BeaconCLI

@Suite struct CatalogFileTests {
  @Test func exportedCatalogLoadsBackUnchanged() throws {
    let lines = StationFormatter(format: .json).lines(for: TestCatalogs.northSouthLine)
    #expect(lines.count == 13)
    let loaded = try CatalogFile.parse(Data(lines.joined(separator: "\n").utf8), path: "export.jsonl")
    #expect(loaded.stations == TestCatalogs.northSouthLine.stations)
  }

  @Test func anEstimatedCoordinateStaysEstimatedThroughAnExport() throws {
    let lines = StationFormatter(format: .json).lines(for: TestCatalogs.jakartaRail)
    let sudirman = try #require(lines.first { $0.contains(#""name":"Sudirman""#) })
    #expect(sudirman.contains(#""approximate":true"#) && sudirman.contains(#""lines":["Cikarang"]"#))
    let loaded = try CatalogFile.parse(Data(sudirman.utf8), path: "one.jsonl")
    #expect(loaded.station(named: "Sudirman")?.coordinateIsApproximate == true)
    let lebakBulus = try #require(lines.first)
    #expect(!lebakBulus.contains("approximate"))
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
        path: "bad.jsonl",
        reason: "station \"Home\": \"major\" and \"minor\" (a whole number from 0 to 65535) are required")
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
      "station \"Home\": \"latitude\" must be from -90 to 90 degrees (not 106.8)"
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
    let exported =
      StationFormatter(format: .json).lines(for: TestCatalogs.northSouthLine).joined(separator: "\n") + "\n"
    let fixture = try String(contentsOfFile: TestPaths.fixture("gps/stations.jsonl"), encoding: .utf8)
    #expect(fixture == exported)
  }
}

/// A catalog file that describes a network: lines, walking links, and errors that name the
/// file and the entry.
@Suite struct NetworkCatalogFileTests {
  static let stations = """
    {"name": "Home", "uuid": "11111111-2222-3333-4444-555555555555", "major": 7, "minor": 1},
    {"name": "Market", "uuid": "11111111-2222-3333-4444-555555555555", "major": 7, "minor": 2},
    {"name": "Harbour", "uuid": "11111111-2222-3333-4444-555555555555", "major": 8, "minor": 1},
    {"name": "Lighthouse", "uuid": "11111111-2222-3333-4444-555555555555", "major": 8, "minor": 2}
    """

  func parse(lines: String, interchanges: String = "[]") throws -> StationCatalog {
    let json = #"{"stations": [\#(Self.stations)], "lines": \#(lines), "interchanges": \#(interchanges)}"#
    return try CatalogFile.parse(Data(json.utf8), path: "town.json")
  }

  @Test func linesAndWalksPlanAJourney() throws {
    let catalog = try parse(
      lines: #"""
        [{"name": "Tram", "displayName": "Town tram", "stations": ["Home", "Market"], "towardsLast": "Market Square"},
         {"name": "Ferry", "stations": ["Harbour", "Lighthouse"]}]
        """#,
      interchanges: #"[{"from": "Market", "to": "Harbour", "walkingMinutes": 3.5, "note": "down the steps"}]"#)
    #expect(catalog.lines.map(\.name) == ["Tram", "Ferry"])
    let journey = try catalog.journey(from: "Home", to: "Lighthouse")
    #expect(journey.legs.map(\.headsign) == ["Market Square", "Lighthouse"])
    #expect(
      journey.transfers.first?.walk
        == Interchange(from: "Market", to: "Harbour", walkingTime: .seconds(210), note: "down the steps"))
    // Line order is the position along the first line naming the station.
    #expect(catalog.station(named: "Lighthouse")?.lineOrder == 2)
  }

  @Test func aLineThroughAnUnknownStationNamesFileLineAndStation() {
    #expect(
      throws: CatalogFileError.invalid(
        path: "town.json", reason: #"line "Tram": "Nowhere" is not one of the stations"#)
    ) {
      try parse(lines: #"[{"name": "Tram", "stations": ["Home", "Nowhere"]}]"#)
    }
  }

  @Test func anInterchangeToNowhereNamesIt() {
    #expect(
      throws: CatalogFileError.invalid(
        path: "town.json", reason: #"interchange Market–Pier: "Pier" is not one of the stations"#)
    ) {
      try parse(
        lines: #"[{"name": "Tram", "stations": ["Home", "Market"]}]"#,
        interchanges: #"[{"from": "Market", "to": "Pier", "walkingMinutes": 2}]"#)
    }
  }

  @Test func aLineWithoutStationsSaysWhichFieldIsMissing() {
    #expect(
      throws: CatalogFileError.invalid(path: "town.json", reason: #"missing field "stations" in lines[0]"#)
    ) {
      try parse(lines: #"[{"name": "Tram"}]"#)
    }
  }

  @Test func aNegativeWalkIsRefused() {
    #expect(
      throws: CatalogFileError.invalid(
        path: "town.json",
        reason: #"interchange Market–Harbour: "walkingMinutes" must be from 0 to 1440 minutes (not -1)"#)
    ) {
      try parse(lines: "[]", interchanges: #"[{"from": "Market", "to": "Harbour", "walkingMinutes": -1}]"#)
    }
  }
}
