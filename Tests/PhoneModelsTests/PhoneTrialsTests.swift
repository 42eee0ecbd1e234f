import Beacons
import BluetoothTypes
import MRTNavigation
import Testing

@testable import PhoneModels

/// The visits a capture holds, and how they are scored.
@Suite struct PhoneTrialsTests {
  static let here = MadeUpVisits.station("Here", minor: 1)
  static let there = MadeUpVisits.station("There", minor: 2)
  static let trials = PhoneTrials(catalog: try! StationCatalog(stations: [here, there]))

  /// Here heard well twice (a gap longer than the exit period between), There only faintly.
  static let capture: [BeaconSighting] =
    stride(from: 0.0, through: 20_000, by: 500).map { MadeUpVisits.sighting(atMilliseconds: $0, minor: 1) }
    + stride(from: 21_000.0, through: 40_000, by: 500).map {
      MadeUpVisits.sighting(atMilliseconds: $0, minor: 2, rssi: -97)
    }
    + stride(from: 60_000.0, through: 70_000, by: 500).map { MadeUpVisits.sighting(atMilliseconds: $0, minor: 1) }

  @Test func visitsAreSplitAtSilencesAndFaintOnesAreNotScored() throws {
    let visits = Self.trials.visits(in: Self.capture)
    #expect(visits.noticed.map(\.station.name) == ["Here", "Here"])
    #expect(visits.noticed.map(\.dwellSeconds) == [20, 10])
    #expect(visits.heardOnly == 1)
  }

  @Test func aPhoneListeningAllTheTimeNoticesEveryVisitAtTheThirdReport() throws {
    let visits = Self.trials.visits(in: Self.capture).noticed
    let notices = Self.trials.notice(
      visits, in: Self.capture, phone: PhoneScanSchedule(windowMilliseconds: 100, intervalMilliseconds: 100),
      trials: 5, seed: 1)
    for notice in notices {
      #expect(notice.noticedShare == 1)
      #expect(notice.latencies == Array(repeating: 1.0, count: 5))
    }
  }

  @Test func sharesAndPercentilesAreNearestRank() {
    let notice = PhoneNotice(trials: 10, latencies: [5, 1, 4, 2, 3])
    #expect(notice.noticedShare == 0.5)
    #expect(notice.latencyMedian == 3)
    #expect(notice.latencyP95 == 5)
    #expect(notice.verdict == .marginal)
    #expect(PhoneNotice(trials: 100, latencies: Array(repeating: 1, count: 99)).verdict == .safe)
    #expect(PhoneNotice(trials: 100, latencies: Array(repeating: 1, count: 49)).verdict == .misses)
    #expect(PhoneNotice(trials: 3, latencies: []).latencyMedian == nil)
  }
}
