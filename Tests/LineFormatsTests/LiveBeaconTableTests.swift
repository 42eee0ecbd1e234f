import BeaconTestSupport
import Beacons
import BluetoothTypes
import LineFormats
import MRTNavigation
import Testing

@Suite struct LiveBeaconTableTests {
  static func sighting(minor: UInt16, rssi: Int8?, second: Int64) -> BeaconSighting {
    let frame = BeaconFrame.iBeacon(IBeacon(uuid: RailBeaconUUIDs.station, major: 1, minor: minor))
    return BeaconSighting(
      time: Timestamp(microsecondsSinceUnixEpoch: second * 1_000_000),
      address: BluetoothAddress(rawValue: 0xC0_00_00_00_00_00 | UInt64(minor)), addressType: .random, rssi: rssi,
      frame: frame)
  }

  @Test func smoothsAndOrdersByLine() {
    var table = LiveBeaconTable(catalog: TestCatalogs.jakartaRail)
    table.record(Self.sighting(minor: 6, rssi: -80, second: 10))
    table.record(Self.sighting(minor: 3, rssi: -90, second: 11))
    table.record(Self.sighting(minor: 3, rssi: -70, second: 12))
    table.record(Self.sighting(minor: 3, rssi: nil, second: 13))
    let rows = table.sortedRows
    #expect(rows.map(\.station?.name) == ["CipeteRaya", "BlokM"])
    // -90, then -90 + 0.25 * (-70 - -90) = -85; the report without RSSI changes nothing.
    #expect(rows[0].smoothedRSSI == -85)
    #expect(rows[0].rssi == -70)
    #expect(rows[0].reports == 3)
    let lines = table.lines(now: Timestamp(microsecondsSinceUnixEpoch: 15_500_000))
    #expect(lines.count == 3)
    #expect(lines[1].hasPrefix("Cipete Raya             ibeacon"), "STATION fits Bandara Soekarno-Hatta")
    #expect(lines[1].contains("F63B21BA… 1/3"))
    #expect(lines[1].hasSuffix("-70     -85.0        3  2.5 s ago"))
  }

  @Test func lastSeenInTheCapturesTimeIsTheTimestampOfTheLastReport() {
    var table = LiveBeaconTable(catalog: TestCatalogs.jakartaRail)
    table.record(Self.sighting(minor: 3, rssi: -70, second: 1_763_795_844))
    table.record(Self.sighting(minor: 3, rssi: -72, second: 1_763_795_845))
    let lines = table.lines(now: Timestamp(microsecondsSinceUnixEpoch: 1_763_799_000_000_000), lastSeen: .captureTime)
    #expect(lines[1].hasSuffix("  2025-11-22T07:17:25.000Z"), "\(lines[1])")
  }

  @Test func rowsAreBoundedAndTheDroppedOnesCounted() {
    var table = LiveBeaconTable(catalog: TestCatalogs.jakartaRail, maximumRows: 4)
    for minor in 1...10 { table.record(Self.sighting(minor: UInt16(minor), rssi: -70, second: Int64(minor))) }
    // Minors 1-10 of the line's UUID are stations, all kept: their number is bounded by the
    // catalog. Minors 14 and up are strangers, bounded by the table.
    #expect(table.sortedRows.count == 10)
    #expect(table.droppedRows == 0)
    var strangers = LiveBeaconTable(catalog: TestCatalogs.jakartaRail, maximumRows: 4)
    for minor in 101...110 {
      strangers.record(Self.sighting(minor: UInt16(minor), rssi: -70, second: Int64(minor)))
    }
    #expect(strangers.sortedRows.map { $0.identity.minor } == [107, 108, 109, 110])
    #expect(strangers.droppedRows == 6)
    let lines = strangers.lines(now: Timestamp(microsecondsSinceUnixEpoch: 111_000_000))
    #expect(lines.last == "6 row(s) of beacons heard longer ago dropped: the table keeps the 4 heard last")
  }

  @Test func aStationsRowIsNeverDroppedForAStranger() {
    var table = LiveBeaconTable(catalog: TestCatalogs.jakartaRail, maximumRows: 2)
    table.record(Self.sighting(minor: 3, rssi: -70, second: 1))  // Cipete Raya, heard first
    for minor in 101...110 { table.record(Self.sighting(minor: UInt16(minor), rssi: -70, second: Int64(minor))) }
    #expect(table.sortedRows.map { $0.identity.minor } == [3, 110])
    #expect(table.droppedRows == 9)
  }
}
