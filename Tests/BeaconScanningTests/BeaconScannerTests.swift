import BeaconTestSupport
import BluetoothTypes
import HCICodec
import HCITransportCore
import Testing

@testable import BeaconScanning
@testable import Beacons

/// Hand-built HCI packets for the scanner.
enum Packets {
  static let addressA: [UInt8] = [0x35, 0x94, 0xEF, 0xCD, 0xD6, 0x1C]  // 1C:D6:CD:EF:94:35
  static let addressB: [UInt8] = [0x06, 0x05, 0x04, 0x03, 0x02, 0xC1]  // C1:02:03:04:05:06

  static func station(minor: UInt16, power: Int8 = -59) -> [UInt8] {
    Array(
      IBeacon(uuid: FindingFixtures.stationUUID, major: 1, minor: minor, measuredPower: power).advertisingData.bytes)
  }

  static let foreignIBeacon = Array(
    IBeacon(uuid: UUID128(high: 0x4142_4344_4546_4748, low: 0x4940_4142_4344_4546), major: 1, minor: 2)
      .advertisingData.bytes)
  static let altBeacon = Array(
    AltBeacon(companyIdentifier: 0x0118, id1: FindingFixtures.stationUUID, id2: 1, id3: 5, referenceRSSI: -60)
      .advertisingData.bytes)
  static let eddystone = Array(
    EddystoneUID(txPowerAt0m: -20, namespace: EddystoneNamespace(high: 0x8B0C, low: 0xA750_E0E9_0E77_5C0A), instance: 1)
      .advertisingData.bytes)
  static let notABeacon: [UInt8] = [0x02, 0x01, 0x06, 0x04, 0x09, 0x4D, 0x52, 0x54]

  static func report(_ data: [UInt8], address: [UInt8] = addressA, rssi: UInt8 = 0xC0) -> [UInt8] {
    [0x03, 0x01] + address + [UInt8(data.count)] + data + [rssi]
  }

  /// An LE Advertising Report event; `count` defaults to the number of reports given.
  static func legacy(_ reports: [[UInt8]], count: Int? = nil, extra: [UInt8] = []) -> [UInt8] {
    let parameters = [0x02, UInt8(count ?? reports.count)] + reports.flatMap { $0 } + extra
    return [0x3E, UInt8(parameters.count)] + parameters
  }

  static func extended(_ data: [UInt8], eventType: UInt16 = 0x8010, rssi: UInt8 = 0xB5) -> [UInt8] {
    let report: [UInt8] =
      [UInt8(eventType & 0xFF), UInt8(eventType >> 8), 0x00] + addressB
      + [0x01, 0x00, 0xFF, 0x7F, rssi, 0x00, 0x00, 0x00, 0, 0, 0, 0, 0, 0, UInt8(data.count)] + data
    let parameters = [0x0D, 0x01] + report
    return [0x3E, UInt8(parameters.count)] + parameters
  }

  static func timed(
    _ bytes: [UInt8], type: HCIPacketType = .event, direction: HCIPacketDirection = .controllerToHost,
    at micros: Int64 = 1_700_000_000_000_000, record: Int = 1
  ) -> TimedHCIPacket {
    TimedHCIPacket(
      time: Timestamp(microsecondsSinceUnixEpoch: micros),
      packet: HCIPacket(type: type, direction: direction, bytes: bytes[...]),
      origin: PacketOrigin(recordNumber: record, byteOffset: 16 + 40 * (record - 1)))
  }
}

private func scan(
  _ packets: [TimedHCIPacket], filter: BeaconFilter = BeaconFilter()
) -> (sightings: [BeaconSighting], problems: [ScanProblem], statistics: ScanStatistics) {
  var scanner = BeaconScanner(filter: filter)
  var sightings: [BeaconSighting] = []
  var problems: [ScanProblem] = []
  for packet in packets {
    scanner.process(packet, sighting: { sightings.append($0) }, problem: { problems.append($0) })
  }
  return (sightings, problems, scanner.statistics)
}

@Suite struct BeaconScannerTests {
  @Test func sightingCarriesTimeAddressRSSIStationAndOrigin() throws {
    let packet = Packets.timed(
      Packets.legacy([Packets.report(Packets.station(minor: 12), rssi: 0xC0)]), at: 1_700_000_000_123_456, record: 7)
    let result = scan([packet])
    #expect(result.problems.isEmpty)
    let sighting = try #require(result.sightings.first)
    #expect(result.sightings.count == 1)
    #expect(sighting.time.iso8601 == "2023-11-14T22:13:20.123Z")
    #expect(sighting.address.description == "1C:D6:CD:EF:94:35")
    #expect(sighting.addressType == .random)
    #expect(sighting.rssi == -64)
    #expect(sighting.frame.identity == .iBeacon(uuid: FindingFixtures.stationUUID, major: 1, minor: 12))
  }

  @Test func everyReportOfAnEventIsConsidered() {
    let packet = Packets.timed(
      Packets.legacy([
        Packets.report(Packets.station(minor: 1)), Packets.report(Packets.notABeacon, address: Packets.addressB),
        Packets.report(Packets.eddystone, rssi: 0x7F), Packets.report(Packets.altBeacon),
      ]))
    let result = scan([packet])
    #expect(result.sightings.map(\.frame.kind) == [.iBeacon, .eddystoneUID, .altBeacon])
    #expect(result.sightings.map(\.rssi) == [-64, nil, -64])
    #expect(result.sightings.map(\.frame.identity.minor) == [1, nil, 5])
    #expect(result.statistics.packets == 1)
    #expect(result.statistics.advertisingEvents == 1)
    #expect(result.statistics.advertisingReports == 4)
    #expect(result.statistics.beaconReports == 3)
    #expect(result.statistics.emittedSightings == 3)
    #expect(result.statistics.malformedEvents == 0)
  }

  @Test func extendedReportsAreScannedToo() throws {
    let result = scan([Packets.timed(Packets.extended(Packets.station(minor: 13)))])
    let sighting = try #require(result.sightings.first)
    #expect(sighting.frame.identity.minor == 13)
    #expect(sighting.rssi == -75)
    #expect(sighting.address.description == "C1:02:03:04:05:06")
    #expect(sighting.addressType == .public)
    #expect(result.statistics.advertisingEvents == 1)
  }

  @Test func nonEventPacketsAndOtherEventsAreIgnored() {
    let beaconEvent = Packets.legacy([Packets.report(Packets.station(minor: 3))])
    let packets = [
      Packets.timed([0x03, 0x0C, 0x00], type: .command, direction: .hostToController),
      Packets.timed([0x40, 0x20, 0x02, 0x00, 0xAA, 0xBB], type: .aclData),
      // The same bytes sent host to controller, or labelled as ACL data, are not reports.
      Packets.timed(beaconEvent, direction: .hostToController),
      Packets.timed(beaconEvent, type: .aclData),
      Packets.timed([0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00]),  // Command Complete
      Packets.timed([0x3E, 0x03, 0x01, 0x00, 0x00]),  // another LE subevent
      Packets.timed([0x3E]),  // too short to look at
    ]
    let result = scan(packets)
    #expect(result.sightings.isEmpty)
    #expect(result.problems.isEmpty)
    #expect(result.statistics.packets == 7)
    #expect(result.statistics.advertisingEvents == 0)
    #expect(result.statistics.advertisingReports == 0)
  }

  @Test func filtersByKind() {
    let packet = Packets.timed(
      Packets.legacy([
        Packets.report(Packets.station(minor: 1)), Packets.report(Packets.altBeacon), Packets.report(Packets.eddystone),
      ]))
    let kinds: Set<BeaconKind> = [.altBeacon, .eddystoneUID]
    let result = scan([packet], filter: BeaconFilter(kinds: kinds))
    #expect(result.sightings.map(\.frame.kind) == [.altBeacon, .eddystoneUID])
    #expect(result.statistics.beaconReports == 3)
    #expect(result.statistics.emittedSightings == 2)
  }

  @Test func filtersByUUIDMajorMinor() {
    let packet = Packets.timed(
      Packets.legacy([
        Packets.report(Packets.station(minor: 1)), Packets.report(Packets.station(minor: 5)),
        Packets.report(Packets.foreignIBeacon), Packets.report(Packets.altBeacon), Packets.report(Packets.eddystone),
      ]))
    let byUUID = scan([packet], filter: BeaconFilter(uuid: FindingFixtures.stationUUID))
    // The AltBeacon's id1 is the project UUID too; Eddystone has no UUID.
    #expect(byUUID.sightings.map(\.frame.kind) == [.iBeacon, .iBeacon, .altBeacon])
    let byMinor = scan([packet], filter: BeaconFilter(minor: 5))
    #expect(byMinor.sightings.map(\.frame.identity.minor) == [5, 5])
    let exact = scan(
      [packet], filter: BeaconFilter(kinds: [.iBeacon], uuid: FindingFixtures.stationUUID, major: 1, minor: 5))
    #expect(exact.sightings.map(\.frame.identity) == [.iBeacon(uuid: FindingFixtures.stationUUID, major: 1, minor: 5)])
    let byMajor = scan([packet], filter: BeaconFilter(major: 2))
    #expect(byMajor.sightings.isEmpty)
  }

  @Test func filtersByIdentities() {
    let packet = Packets.timed(
      Packets.legacy([
        Packets.report(Packets.station(minor: 12)), Packets.report(Packets.station(minor: 13)),
        Packets.report(Packets.foreignIBeacon),
      ]))
    let stations: Set<BeaconIdentity> = [
      .iBeacon(uuid: FindingFixtures.stationUUID, major: 1, minor: 12),
      .iBeacon(uuid: FindingFixtures.stationUUID, major: 1, minor: 1),
    ]
    let result = scan([packet], filter: BeaconFilter(identities: stations))
    #expect(result.sightings.map(\.frame.identity.minor) == [12])
  }

  @Test func badReportAfterGoodOnesIsReportedWithOrigin() throws {
    let bad: [UInt8] = [0x03, 0x01] + Packets.addressB + [0x1F, 0x02]  // declares 31 bytes, has 1
    let packet = Packets.timed(
      Packets.legacy([Packets.report(Packets.station(minor: 2)), bad], count: 3), record: 42)
    let result = scan([packet])
    #expect(result.sightings.map(\.frame.identity.minor) == [2])
    let problem = try #require(result.problems.first)
    #expect(result.problems.count == 1)
    #expect(problem.origin == PacketOrigin(recordNumber: 42, byteOffset: 16 + 40 * 41))
    #expect(problem.error == .truncated(field: "Data", needed: 31, available: 1))
    #expect(problem.lostReportCount == 2)
    #expect(
      problem.description
        == "record 42 (byte 1656): Data is truncated: needs 31 byte(s), 1 left; 2 report(s) in that event lost")
    #expect(result.statistics.malformedEvents == 1)
    #expect(result.statistics.advertisingEvents == 1)
    #expect(result.statistics.advertisingReports == 1)
  }

  @Test func wholeEventThatCannotBeDecodedIsAProblem() throws {
    var bytes = Packets.legacy([Packets.report(Packets.station(minor: 2))])
    bytes[1] += 1  // declares one byte more than present
    let result = scan([Packets.timed(bytes, record: 3)])
    #expect(result.sightings.isEmpty)
    let problem = try #require(result.problems.first)
    #expect(problem.origin?.recordNumber == 3)
    #expect(problem.lostReportCount == 0)
    guard case .lengthMismatch(let field, _, _) = problem.error else {
      Issue.record("expected a length mismatch, got \(problem.error)")
      return
    }
    #expect(field == "Parameter_Total_Length")
    #expect(result.statistics.malformedEvents == 1)
    #expect(result.statistics.advertisingEvents == 0)
  }

  @Test func trailingBytesAreAProblemButReportsAreUsed() {
    let packet = Packets.timed(Packets.legacy([Packets.report(Packets.station(minor: 4))], extra: [0x00]))
    let result = scan([packet])
    #expect(result.sightings.count == 1)
    #expect(result.problems.map(\.error) == [.trailingBytes(field: "HCI_LE_Advertising_Report", count: 1)])
    #expect(result.problems.first?.lostReportCount == 0)
  }

  @Test func extendedProblemsAreReported() {
    var bytes = Packets.extended(Packets.station(minor: 6))
    bytes.removeLast(3)
    bytes[1] -= 3
    let result = scan([Packets.timed(bytes)])
    #expect(result.sightings.isEmpty)
    #expect(result.problems.map(\.error) == [.truncated(field: "Data", needed: 30, available: 27)])
    #expect(result.problems.first?.lostReportCount == 1)
  }
}
