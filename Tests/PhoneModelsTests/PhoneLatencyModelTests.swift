import Beacons
import BluetoothTypes
import MRTNavigation
import Testing

@testable import PhoneModels

/// `--trials` checked against the discovery model, not against a copy of it: the closed form where
/// one holds, and a simulation written here, apart from the code.
@Suite struct PhoneLatencyModelTests {
  static let station = MadeUpVisits.station("Here", minor: 1)
  /// The station found on its first strong report: latency is the phone's first reception.
  static let firstReport = PhoneTrials(
    catalog: try! StationCatalog(stations: [station]), policy: StationPresencePolicy(enterReportCount: 1))

  /// The first reception's latency in `trials` visits of `interval`-ms adverts, each visit its own
  /// adverts (the tests' generator) and phone (seeded by the trial).
  static func latencies(
    schedule: PhoneScanSchedule, intervalMilliseconds interval: Double, dwellSeconds: Double, trials: Int,
    scoring: PhoneTrials = firstReport
  ) -> (noticed: Int, latencies: [Double]) {
    var random = TestRandom(seed: 42)
    var latencies: [Double] = []
    for trial in 0..<trials {
      let sightings = random.adverts(intervalMilliseconds: interval, dwellMilliseconds: dwellSeconds * 1000).map {
        MadeUpVisits.sighting(atMilliseconds: $0, minor: 1)
      }
      let visits = scoring.visits(in: sightings).noticed
      let notices = scoring.notice(visits, in: sightings, phone: schedule, trials: 1, seed: UInt64(trial))
      latencies += notices.flatMap(\.latencies)
    }
    return (latencies.count, latencies)
  }

  /// Kindt et al. (IEEE TMC; arXiv 1509.04366): when every scan window holds an advertising event
  /// (window ≥ advertising interval + the 10-ms advDelay), discovery takes at most
  /// Ts − ds + Ta + 10 ms: the wait for the next window, then at most one advertising interval in
  /// it. The model's windows are 0.5 % longer apart (and long) than the interval (see
  /// ScanWindowGrid), so Ts and ds are taken × 1.005.
  @Test(arguments: [(300.0, 1000.0, 100.0), (140.0, 1400.0, 100.0), (250.0, 5000.0, 200.0)])
  func everyWindowHoldingAnAdvertBoundsTheLatency(window: Double, interval: Double, advertising: Double) {
    let schedule = PhoneScanSchedule(windowMilliseconds: window, intervalMilliseconds: interval)
    let (noticed, latencies) = Self.latencies(
      schedule: schedule, intervalMilliseconds: advertising, dwellSeconds: 12, trials: 200)
    let bound = (interval * 1.005 - window * 1.005 + advertising + 10) / 1000
    #expect(noticed == 200)
    let worst = latencies.max() ?? 0
    #expect(worst <= bound + 0.001, "worst \(worst) s, bound \(bound) s")
    // The bound is approached: the worst of 200 phases is within 15 % of it.
    #expect(worst >= bound * 0.85, "worst \(worst) s of a bound of \(bound) s")
  }

  /// Where windows may miss the adverts (a 1-s beacon, 140-ms windows every 1,400 ms), a simulation
  /// written here: windows on a grid of random phase, adverts with advDelay, the first advert
  /// inside a window. The shares and median latencies agree within the trials' noise.
  @Test func sparseAdvertsAgreeWithAnIndependentSimulation() {
    let schedule = PhoneScanSchedule(windowMilliseconds: 140, intervalMilliseconds: 1400)
    let dwellSeconds = 12.0
    let (noticed, latencies) = Self.latencies(
      schedule: schedule, intervalMilliseconds: 1000, dwellSeconds: dwellSeconds, trials: 800)
    var random = TestRandom(seed: 7)
    var simulated: [Double] = []
    let runs = 20_000
    for _ in 0..<runs {
      let adverts = random.adverts(intervalMilliseconds: 1000, dwellMilliseconds: dwellSeconds * 1000)
      let phase = random.unit() * 1400
      if let first = adverts.first,
        let heard = adverts.first(where: { ($0 + phase).truncatingRemainder(dividingBy: 1400) < 140 })
      {
        simulated.append((heard - first) / 1000)
      }
    }
    let share = Double(noticed) / 800
    let simulatedShare = Double(simulated.count) / Double(runs)
    let noise = 4 * (simulatedShare * (1 - simulatedShare) / 800).squareRoot()
    #expect(abs(share - simulatedShare) <= noise + 0.02, "model \(share), simulation \(simulatedShare)")
    let median = latencies.sorted()[latencies.count / 2]
    let simulatedMedian = simulated.sorted()[simulated.count / 2]
    #expect(abs(median - simulatedMedian) <= 1.0, "median \(median) s, simulation \(simulatedMedian) s")
  }

  /// The Android Beacon Library in the background on Android 8+: a 10-s scan every 15 minutes. A
  /// 100-ms beacon in range for 25 s is noticed when the scan overlaps the visit: (25 + 10) / 900,
  /// about 3.9 %, less the moment the three reports of the detection take.
  @Test func theBackgroundLibraryNoticesAboutFourPercent() throws {
    let model = try PhoneModel(parsing: "abl-background")
    let check = PhoneCheck(
      frame: MadeUpVisits.frame(minor: 1), schedule: model.schedule, dwellSeconds: 25, trials: 3000, seed: 11)
    let notice = try check.notice(intervalMilliseconds: 100)
    // The simulation here: a scan starts anywhere in 900 s; the visit lies from 0 to 25 s; the phone
    // notices when the scan holds at least 0.3 s of the visit (three 100-ms adverts).
    var random = TestRandom(seed: 5)
    var hits = 0
    let runs = 200_000
    for _ in 0..<runs {
      let scanStart = random.unit() * 900 - 450
      let overlap = min(scanStart + 10, 25) - max(scanStart, 0)
      if overlap >= 0.3 { hits += 1 }
    }
    let expected = Double(hits) / Double(runs)
    #expect(abs(expected - 0.0378) < 0.003, "simulation \(expected)")
    let noise = 4 * (expected * (1 - expected) / 3000).squareRoot()
    #expect(abs(notice.noticedShare - expected) <= noise, "model \(notice.noticedShare), simulation \(expected)")
    // Noticed at the scan's end: never sooner than the 0.3 s, never later than the visit and a scan.
    #expect((notice.latencyMedian ?? 0) > 0.3 && (notice.latencyP95 ?? 99) <= 35.1)
  }

  /// The foreground cases: a 100-ms beacon in range for 25 s is noticed by every phone of
  /// Android 13's foreground modes and of iOS ranging.
  @Test(arguments: ["android13-low-latency", "android13-balanced", "android13-low-power", "ios-ranging"])
  func foregroundPhonesNoticeAHundredMillisecondBeacon(name: String) throws {
    let model = try PhoneModel(parsing: name)
    let check = PhoneCheck(
      frame: MadeUpVisits.frame(minor: 1), schedule: model.schedule, dwellSeconds: 25, trials: 150, seed: 3)
    let notice = try check.notice(intervalMilliseconds: 100)
    #expect(notice.noticedShare >= 0.99, "\(name): \(notice.noticedShare)")
    #expect(notice.verdict == .safe)
  }
}
