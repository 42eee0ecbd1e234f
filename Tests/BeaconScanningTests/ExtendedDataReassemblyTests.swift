import BeaconTestSupport
import BluetoothTypes
import HCICodec
import HCITransportCore
import Testing

@testable import BeaconScanning
@testable import Beacons

/// Extended advertising data reported in fragments is searched only once it is whole.
@Suite struct ExtendedDataReassemblyTests {
  static let address = BluetoothAddress(rawValue: 0xC0_11_22_33_44_55)

  static func report(_ data: ArraySlice<UInt8>, status: UInt16, sid: UInt8 = 3) -> LEExtendedAdvertisingReport.Report {
    // Event type: non-legacy, non-connectable; data status in bits 5–6.
    LEExtendedAdvertisingReport.Report(
      eventType: .init(rawValue: status << 5), addressType: .random, address: address, primaryPHY: .le1M,
      secondaryPHY: .le2M, advertisingSID: sid, rssi: -70, data: data)
  }

  static func packet(_ reports: [LEExtendedAdvertisingReport.Report], at second: Int64) -> TimedHCIPacket {
    TimedHCIPacket(
      time: Timestamp(microsecondsSinceUnixEpoch: second * 1_000_000),
      packet: HCIPacket(
        type: .event, direction: .controllerToHost,
        bytes: LEExtendedAdvertisingReport(reports: reports).encodedPacket()[...]))
  }

  /// A long payload: 200 bytes of someone's manufacturer data, then a station's iBeacon.
  static let payload: [UInt8] = {
    let filler = ADStructure(
      type: .manufacturerSpecificData, data: ([0x59, 0x00] + Array(repeating: 0xAB, count: 198))[...])
    let beacon = IBeacon(uuid: FindingFixtures.stationUUID, major: 1, minor: 6)
    return Array(AdvertisingData(structures: [filler]).bytes)
      + Array(beacon.advertisingData.bytes)
  }()

  @Test func iBeaconInTheLastFragmentIsFoundAfterJoining() {
    var scanner = BeaconScanner()
    var sightings: [BeaconSighting] = []
    let parts = [Self.payload[0..<100], Self.payload[100..<200], Self.payload[200...]]
    scanner.process(Self.packet([Self.report(parts[0], status: 1)], at: 1), sighting: { sightings.append($0) })
    scanner.process(Self.packet([Self.report(parts[1], status: 1)], at: 1), sighting: { sightings.append($0) })
    #expect(sightings.isEmpty)
    scanner.process(Self.packet([Self.report(parts[2], status: 0)], at: 1), sighting: { sightings.append($0) })
    #expect(sightings.map(\.frame.identity.minor) == [6])
    #expect(scanner.statistics.advertisingReports == 1)
    #expect(scanner.statistics.heldFragments == 2)
  }

  @Test func aFragmentAloneIsNotMistakenForAWholePayload() {
    // The first fragment ends exactly after a complete iBeacon structure would have started;
    // searched alone it could look well formed. It must wait for the rest.
    var scanner = BeaconScanner()
    var count = 0
    let beaconFirst =
      Array(IBeacon(uuid: FindingFixtures.stationUUID, major: 1, minor: 2).advertisingData.bytes) + Self.payload
    scanner.process(Self.packet([Self.report(beaconFirst[0..<40], status: 1)], at: 1), sighting: { _ in count += 1 })
    #expect(count == 0)
    scanner.process(Self.packet([Self.report(beaconFirst[40...], status: 0)], at: 1), sighting: { _ in count += 1 })
    #expect(count == 1)
  }

  @Test func differentAdvertisingSetsAreKeptApart() {
    var scanner = BeaconScanner()
    var minors: [UInt16?] = []
    let other = Array(IBeacon(uuid: FindingFixtures.stationUUID, major: 1, minor: 9).advertisingData.bytes)
    scanner.process(
      Self.packet(
        [Self.report(Self.payload[0..<150], status: 1, sid: 1), Self.report(other[...], status: 0, sid: 2)], at: 1),
      sighting: { minors.append($0.frame.identity.minor) })
    scanner.process(
      Self.packet([Self.report(Self.payload[150...], status: 0, sid: 1)], at: 2),
      sighting: { minors.append($0.frame.identity.minor) })
    #expect(minors == [9, 6])
  }

  @Test func truncatedDataIsSearchedAsFarAsItGoes() {
    var scanner = BeaconScanner()
    var count = 0
    // The controller gave up after the iBeacon: status "incomplete, truncated".
    let data =
      Array(IBeacon(uuid: FindingFixtures.stationUUID, major: 1, minor: 2).advertisingData.bytes) + [0x1F, 0xFF]
    scanner.process(Self.packet([Self.report(data[...], status: 2)], at: 1), sighting: { _ in count += 1 })
    #expect(count == 1)
  }

  @Test func pendingFragmentsAreBounded() {
    var reassembler = ExtendedDataReassembler()
    func add(_ data: ArraySlice<UInt8>, status: UInt16, sid: UInt8) -> ExtendedDataReassembler.Completion {
      let report = Self.report(data, status: status, sid: sid)
      let header = AdvertisingReportHeader(
        format: .extended, eventType: report.eventType.rawValue, addressType: report.addressType,
        address: report.address, rssi: report.rssi)
      var withSID = header
      withSID.advertisingSID = sid
      return reassembler.add(withSID, data: data.span)
    }
    for sid in 0..<200 {
      #expect(add(Self.payload[0..<100], status: 1, sid: UInt8(sid)) == .held)
    }
    #expect(reassembler.pendingCount == ExtendedDataReassembler.maximumPendingAdvertisements)
    // The oldest were dropped: the first set's last fragment stands alone...
    #expect(add(Self.payload[100...], status: 0, sid: 0) == .whole(isTruncated: false))
    // ...while the newest is joined to what was held.
    #expect(add(Self.payload[100...], status: 0, sid: 199) == .joined(Self.payload, isTruncated: false))
    #expect(reassembler.pendingCount == ExtendedDataReassembler.maximumPendingAdvertisements - 1)
  }
}
