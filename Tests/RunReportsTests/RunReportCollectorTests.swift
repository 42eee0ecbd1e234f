import BeaconScanning
import BeaconTestSupport
import Beacons
import BluetoothTypes
import LineFormats
import MRTNavigation
import Positioning
import RunReports
import Testing

/// `--report`'s collector: what it keeps of a run, and that it stays bounded under floods.
@Suite struct RunReportCollectorTests {

  func collector() -> RunReportCollector {
    RunReportCollector(
      catalog: TestCatalogs.jakartaRail, policy: StationPresencePolicy(),
      rangingConfiguration: BeaconRanging.Configuration())
  }

  /// A stranger: an iBeacon of another UUID, its minor telling it apart.
  func stranger(_ number: UInt32, at seconds: Double, rssi: Int8 = -70) -> BeaconSighting {
    FindingFixtures.sighting(
      minor: UInt16(number & 0xFFFF), rssi: rssi, at: seconds, uuid: UUID128(high: 0xF100D, low: UInt64(number >> 16)),
      major: 7)
  }

  @Test func aStationsReportsAndItsSmoothedRSSIAreKept() throws {
    let collector = collector()
    for (second, rssi) in [(0.0, -80), (1, -84), (2, -82)] {
      collector.record(FindingFixtures.sighting(minor: 6, rssi: Int8(rssi), at: second))
    }
    let blokM = try #require(TestCatalogs.northSouthLine.station(named: "BlokM")).beacon
    let series = collector.stations[blokM]
    #expect(series?.reportCount == 3)
    #expect(series?.reports.points.map(\.value) == [-80, -84, -82])
    #expect(series?.reports.points.map(\.time) == [0, 1, 2])
    // The trimmed mean over the window, as the detector computes it: -80, -82, then -82.
    #expect(series?.smoothed.points.map(\.value) == [-80, -82, -82])
  }

  @Test func aFloodOfStrangersKeepsTheBusyOnesAndTheStations() {
    let collector = collector()
    var time = 0.0
    for number in 0..<200_000 as Range<UInt32> {
      time += 0.002
      // Every 100th report: a station; every 20th, half-way: one steady stranger (number 1 << 30),
      // 5 % of the reports, above the 1/64 that Space-Saving guarantees to keep.
      if number % 100 == 0 {
        collector.record(FindingFixtures.sighting(minor: 6, rssi: -80, at: time))
      } else if number % 20 == 10 {
        collector.record(stranger(1 << 30, at: time))
      } else {
        collector.record(stranger(number, at: time))
      }
    }
    #expect(collector.others.count <= RunReportCollector.othersTracked)
    #expect(collector.others[stranger(1 << 30, at: 0).frame.identity]?.reportCount == 10_000)
    #expect(collector.stations.count == 1)
    #expect(collector.sightings == 200_000)
    let page = collector.page(title: "flood", run: [], statistics: nil)
    // The station, then the busiest others: the steady one first.
    #expect(page.timelines.count == 1 + RunReportCollector.othersShown)
    #expect(page.timelines[1].title.contains("10000 reports"))
    #expect(page.notes.contains { $0.contains("busiest are drawn") })
  }

  @Test func fixesAreThinnedButLostOnesKept() {
    let collector = collector()
    let place = GeoCoordinate(latitude: -6.2444, longitude: 106.7981)
    for index in 0..<50_000 {
      let lost = index % 1000 == 999
      collector.record(
        LocationFix(
          time: FindingFixtures.time(Double(index)), mode: lost ? .noFix : .threeDimensional,
          coordinate: lost ? nil : place))
    }
    #expect(collector.fixes.count < RunReportCollector.fixCapacity)
    #expect(collector.fixes.count > RunReportCollector.fixCapacity / 4)
    #expect(collector.fixes.filter { $0.position == nil }.count == 50)
    #expect(collector.fixesRecorded == 50_000)
    // Still in time order.
    #expect(zip(collector.fixes, collector.fixes.dropFirst()).allSatisfy { $0.time < $1.time })
  }

  @Test func eventsPastTheCapAreCountedNotKept() throws {
    let collector = collector()
    let station = try #require(TestCatalogs.northSouthLine.station(named: "BlokM"))
    for index in 0..<(RunReportCollector.eventCapacity + 5) {
      collector.record(
        .found, station: station, source: .bluetooth, at: FindingFixtures.time(Double(index)), detail: nil, place: nil)
    }
    #expect(collector.events.count == RunReportCollector.eventCapacity)
    #expect(collector.eventsDropped == 5)
    let page = collector.page(title: "many", run: [], statistics: nil)
    #expect(page.notes.contains { $0.hasPrefix("5 event(s)") })
  }

  @Test func aGPSEventIsPinnedWhereItsFixWas() throws {
    let collector = collector()
    let fixPlace = GeoCoordinate(latitude: -6.2500, longitude: 106.7970)
    collector.record(LocationFix(time: FindingFixtures.time(0), mode: .threeDimensional, coordinate: fixPlace))
    let blokM = try #require(TestCatalogs.northSouthLine.station(named: "BlokM"))
    let evidencePlace = GeoCoordinate(latitude: -6.2445, longitude: 106.7981)
    collector.record(
      .found, station: blokM, source: .gps, at: FindingFixtures.time(5), detail: nil, place: evidencePlace)
    // A Bluetooth event 10 s after the fix: pinned at the fix; one 100 s after: at its station.
    let asean = try #require(TestCatalogs.northSouthLine.station(named: "ASEAN"))
    collector.record(.found, station: asean, source: .bluetooth, at: FindingFixtures.time(10), detail: nil, place: nil)
    collector.record(
      .arrived, station: asean, source: .bluetooth, at: FindingFixtures.time(100), detail: nil, place: nil)
    let pins = collector.page(title: "pins", run: [], statistics: nil).map?.pins ?? []
    #expect(pins.map(\.place) == [evidencePlace, fixPlace, asean.coordinate])
    #expect(pins.map(\.label) == ["found Blok M", "found ASEAN", "arrived ASEAN"])
  }
}
