import BeaconScanning
import BeaconTestSupport
import Beacons
import BluetoothTypes
import HCICaptures
import HCICodec
import HCITestSupport
import LinuxHCITransports
import MRTNavigation
import Testing

/// Floods don't hide stations (issue 12): `ride-advertising-flood` is `ride-rogue-far-beacon`
/// record for record, with hundreds of new random advertisers a second mixed in at every stop, a
/// quarter of them iBeacons with the station UUID and a random major and minor. The station events
/// must be exactly those of the clean ride, through the detector and through the use case over a
/// finder replaying the capture, as `beacon-ride` composes them.
@Suite struct AdvertisingFloodTests {
  static let flooded = "ride-advertising-flood"
  static let clean = "ride-rogue-far-beacon"

  /// Every advertising report of a capture, beacon or not: when, and from which address.
  static func reports(_ name: String) throws -> [(time: Timestamp, address: BluetoothAddress)] {
    let capture = try CaptureReplayConnection(path: TestPaths.fixture(name + ".btsnoop"))
    var reports: [(time: Timestamp, address: BluetoothAddress)] = []
    while let timed = try capture.nextPacket() {
      guard timed.packet.type == .event, timed.packet.direction == .controllerToHost else { continue }
      _ = try AdvertisingReportEvent.forEachReport(inPacket: timed.packet.bytes.span) { header, _ in
        reports.append((timed.time, header.address))
      }
    }
    return reports
  }

  /// Every beacon sighting of a capture.
  static func sightings(_ name: String) throws -> [BeaconSighting] {
    var scanner = BeaconScanner()
    var sightings: [BeaconSighting] = []
    _ = try scanCapture(TestPaths.fixture(name + ".btsnoop"), with: &scanner) { sighting, _ in
      sightings.append(sighting)
    }
    return sightings
  }

  /// The flood's reports: those from addresses the clean ride never heard.
  static func floodReports() throws -> [(time: Timestamp, address: BluetoothAddress)] {
    let cleanAddresses = Set(try reports(clean).map(\.address))
    return try reports(flooded).filter { !cleanAddresses.contains($0.address) }
  }

  /// Reports split where more than 5 s pass without one.
  static func bursts(
    _ reports: [(time: Timestamp, address: BluetoothAddress)]
  ) -> [[(time: Timestamp, address: BluetoothAddress)]] {
    var bursts: [[(time: Timestamp, address: BluetoothAddress)]] = []
    for report in reports {
      if let last = bursts.last?.last, report.time.microseconds(since: last.time) <= 5_000_000 {
        bursts[bursts.count - 1].append(report)
      } else {
        bursts.append([report])
      }
    }
    return bursts
  }

  @Test func theDetectorGivesTheCleanRidesEvents() throws {
    let clean = try RideDetectionTests.events(Self.clean)
    let truth = try RideDetectionTests.truth(Self.flooded)
    #expect(RideDetectionTests.founds(clean).map(\.station) == truth.stops.map(\.station))
    #expect(clean.contains { if case .suspect = $0 { true } else { false } }, "the rogue beacon is suspected")
    // Station, kind, time, smoothed RSSI and suspicion: all the same, in the same order.
    #expect(try RideDetectionTests.events(Self.flooded) == clean)
  }

  @Test func theCommuteGivesTheCleanRidesAnnouncements() throws {
    let truth = try RideDetectionTests.truth(Self.flooded)
    let clean = try RideCommuteTests.commute(Self.clean, to: truth.destination)
    let flooded = try RideCommuteTests.commute(Self.flooded, to: truth.destination)
    func timeline(_ announcements: [(station: String, at: Timestamp)]) -> [String] {
      announcements.map { "\($0.station) at \($0.at.microsecondsSinceUnixEpoch) µs" }
    }
    #expect(clean.arrivals.map(\.station) == [truth.destination])
    #expect(timeline(flooded.founds) == timeline(clean.founds), "FOUND")
    #expect(timeline(flooded.arrivals) == timeline(clean.arrivals), "ARRIVED")
    #expect(timeline(flooded.suspects) == timeline(clean.suspects), "SUSPECT")
  }

  /// The clean ride is all there, sighting for sighting, and the flood names no station.
  @Test func theFloodedCaptureHoldsTheCleanRide() throws {
    let clean = try Self.sightings(Self.clean)
    let cleanAddresses = Set(clean.map(\.address))
    let flooded = try Self.sightings(Self.flooded)
    #expect(flooded.filter { cleanAddresses.contains($0.address) } == clean)
    let flood = flooded.filter { !cleanAddresses.contains($0.address) }
    #expect(flood.count > clean.count)
    #expect(flood.allSatisfy { TestCatalogs.northSouthLine.station(for: $0.frame.identity) == nil })
  }

  /// Hundreds of new advertisers a second at every stop while the train pulls in, each report
  /// from a new address.
  @Test func theFloodIsHundredsOfNewAdvertisersASecondAtEveryStop() throws {
    let flood = try Self.floodReports()
    #expect(Set(flood.map(\.address)).count == flood.count, "every flood report comes from a new address")
    let truth = try RideDetectionTests.truth(Self.flooded)
    let bursts = Self.bursts(flood)
    try #require(bursts.count == truth.stops.count, "one burst per stop")
    for (burst, stop) in zip(bursts, truth.stops) {
      let first = try #require(burst.first?.time)
      let last = try #require(burst.last?.time)
      let seconds = Double(last.microseconds(since: first)) / 1_000_000
      #expect(burst.count >= 150, "\(stop.station): \(burst.count) new advertisers")
      #expect(Double(burst.count) / seconds >= 200, "\(stop.station): \(burst.count) in \(seconds) s")
      #expect(stop.alongside <= first && last <= stop.depart, "\(stop.station): while the train is at the platform")
    }
  }

  /// A quarter of the flood are iBeacons with the stations' UUID, some even with their major,
  /// never with a station's major and minor.
  @Test func aQuarterOfTheFloodClaimsTheStationUUID() throws {
    let stationUUID = try #require(TestCatalogs.northSouthLine.stations.first?.beacon.uuid)
    let stationMajor = try #require(TestCatalogs.northSouthLine.stations.first?.beacon.major)
    let cleanAddresses = Set(try Self.sightings(Self.clean).map(\.address))
    let flood = try Self.sightings(Self.flooded).filter { !cleanAddresses.contains($0.address) }
    let lookalikes = flood.filter { $0.frame.identity.kind == .iBeacon && $0.frame.identity.uuid == stationUUID }
    let advertisers = try Self.floodReports().count
    #expect(lookalikes.count * 5 >= advertisers, "\(lookalikes.count) of \(advertisers)")
    #expect(Set(lookalikes.map(\.frame.identity)).count == lookalikes.count, "each a new identity")
    #expect(lookalikes.contains { $0.frame.identity.major == stationMajor }, "with the stations' major")
  }
}
