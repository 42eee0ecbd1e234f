import BeaconScanning
import BeaconTestSupport
import Beacons
import BluetoothTypes
import HCITestSupport
import Testing

/// The duty sweep's model of a scanner that listens part of the time: which reports fall in its
/// windows, on a built sequence and on a ride fixture's real reports.
@Suite struct ScanDutyCycleModelTests {
  /// Sightings of one beacon at these milliseconds after the fixtures' start.
  static func sightings(atMilliseconds times: [Double]) -> [BeaconSighting] {
    times.map { FindingFixtures.sighting(minor: 3, rssi: -70, at: $0 / 1000) }
  }

  static func heardMilliseconds(_ model: ScanDutyCycleModel, _ times: [Double]) -> [Double] {
    model.heard(sightings(atMilliseconds: times)).map {
      Double($0.time.microsecondsSinceUnixEpoch - FindingFixtures.start) / 1000
    }
  }

  /// Windows of 25 ms, 100.5 ms apart (the interval and the slide), the first from the first
  /// report: 0–25.125, 100.5–125.625, 201–226.125, …
  @Test func aReportIsHeardOnlyInsideAWindow() {
    let model = ScanDutyCycleModel(intervalMilliseconds: 100, dutyPercent: 25)
    let times: [Double] = [0, 24, 26, 60, 100, 101, 125, 126, 201, 230]
    #expect(Self.heardMilliseconds(model, times) == [0, 24, 101, 125, 201])
  }

  /// A phase moves the windows: at half an interval the first window starts 50.25 ms before the
  /// first report, so the report 40 ms later falls in the gap and one at 55 ms in the next window.
  @Test func thePhaseMovesTheWindows() {
    let model = ScanDutyCycleModel(intervalMilliseconds: 100, dutyPercent: 25, phase: 0.5)
    #expect(Self.heardMilliseconds(model, [0, 40, 55, 70]) == [55, 70])
  }

  /// An advert every second in the same place of the 100 ms grid is not heard for ever (nor never):
  /// the windows slide 5 ms a second past it, as the spec's advDelay makes a real beacon slide.
  @Test func theWindowsSlidePastABeaconOnAFixedGrid() {
    let model = ScanDutyCycleModel(intervalMilliseconds: 100, dutyPercent: 10)
    let everySecond = (0..<100).map { Double($0) * 1000 }
    let heard = Self.heardMilliseconds(model, everySecond)
    // The first advert is in the first window; each second the windows (100.5 ms apart) gain
    // 5 ms on the adverts, so about 20 s pass before two adverts fall inside 10 ms windows again.
    #expect(heard.prefix(5) == [0, 19000, 20000, 39000, 40000], "\(heard)")
    #expect(heard.count == 10, "\(heard)")
  }

  @Test func fullDutyHearsEveryReportAtEveryPhase() {
    let sightings = Self.sightings(atMilliseconds: (0..<500).map { Double($0) * 37.3 })
    for phase in ScanDutyCycleModel.phases(10) {
      let model = ScanDutyCycleModel(intervalMilliseconds: 100, dutyPercent: 100, phase: phase)
      #expect(model.heard(sightings).map(\.time) == sightings.map(\.time))
    }
  }

  /// On a ride's real reports (the scanner's sightings of every beacon), each duty keeps about
  /// its share of them, a subset in order, and less duty never hears more at the same phase.
  @Test func onARideEachDutyKeepsAboutItsShare() throws {
    var scanner = BeaconScanner()
    var sightings: [BeaconSighting] = []
    _ = try scanCapture(
      TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop"), with: &scanner,
      sighting: { sighting, _ in sightings.append(sighting) })
    try #require(sightings.count > 400)
    for phase in ScanDutyCycleModel.phases(4) {
      var previous = sightings
      for duty in [100.0, 50, 25, 10] {
        let heard = ScanDutyCycleModel(intervalMilliseconds: 100, dutyPercent: duty, phase: phase).heard(sightings)
        let share = Double(heard.count) / Double(sightings.count)
        #expect(abs(share - duty / 100) < 0.06, "duty \(duty) % phase \(phase): \(share)")
        #expect(Set(heard.map(\.time)).isSubset(of: Set(previous.map(\.time))), "duty \(duty) % phase \(phase)")
        #expect(heard.map(\.time) == heard.map(\.time).sorted())
        previous = heard
      }
    }
  }
}
