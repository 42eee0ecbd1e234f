import BeaconTestSupport
import BluetoothTypes
import LineFormats
import MRTNavigation
import Testing

/// Station event lines: the formatter gives back the line and what it says (the presenter that
/// writes the line records the same event in `--report`'s page), and records nothing itself.
@Suite struct StationEventFormatterTests {
  static let catalog = TestCatalogs.northSouthLine
  static let time = Timestamp(microsecondsSinceUnixEpoch: 1_795_000_000_123_456)

  @Test func aTextEventComesBackWithWhatItSays() throws {
    let station = try #require(Self.catalog.stations.first)
    let names = StationNameColumn.labels(of: Self.catalog.stations)
    let event = StationEventFormatter(format: .text, names: names)
      .line(.suspect, station, rssi: -71.25, at: Self.time, detail: "too soon")
    #expect(event.kind == .suspect)
    #expect(event.station == station)
    #expect(event.source == nil && event.place == nil)
    #expect(event.time == Self.time && event.detail == "too soon")
    #expect(
      event.line == "\(Self.time.iso8601)  SUSPECT   \(names.paddedCell(station.label))  -71.3 dBm  too soon")
  }

  @Test func aJSONEventIsOneObject() throws {
    let station = try #require(Self.catalog.stations.first)
    let event = StationEventFormatter(format: .json, names: .labels(of: Self.catalog.stations))
      .line(.left, station, rssi: nil, at: Self.time)
    #expect(event.kind == .left && event.detail == nil)
    #expect(event.line.hasPrefix(#"{"time":"2026-11-18T11:06:40.123Z","event":"left","station":""#))
  }
}
