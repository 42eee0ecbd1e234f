import BeaconTestSupport
import BluetoothTypes
import Foundation
import Testing

@testable import Beacons

@Suite struct BeaconRangingTests {
  private typealias F = FindingFixtures

  private func rangedStates(_ events: [BeaconRanging.Event]) -> [BeaconState] {
    events.compactMap { if case .ranged(let state) = $0 { return state } else { return nil } }
  }

  private func lostIdentities(_ events: [BeaconRanging.Event]) -> [BeaconIdentity] {
    events.compactMap { if case .lost(let state) = $0 { return state.identity } else { return nil } }
  }

  @Test func steadySeriesSmoothsToItsValueAndCountsReports() throws {
    var finder = BeaconRanging()
    for second in 0..<20 { _ = finder.ingest(F.sighting(minor: 3, rssi: -80, at: Double(second) * 0.5)) }
    let state = try #require(finder.states.first)
    #expect(state.smoothedRSSI == -80)
    #expect(state.lastRSSI == -80)
    #expect(state.reportCount == 20)
    #expect(state.firstSeen == F.time(0))
    #expect(state.lastSeen == F.time(9.5))
    #expect(finder.trackedCount == 1)
  }

  /// An offset set while beacons are tracked moves each one's next estimate by itself, from the
  /// same window (the reports heard before still count), and makes the receiver calibrated.
  @Test func anOffsetSetWhileRangingMovesTheNextEstimateAndKeepsTheWindow() throws {
    var finder = BeaconRanging()
    for second in 0..<10 { _ = finder.ingest(F.sighting(minor: 3, rssi: -70, at: Double(second) * 0.5)) }
    let before = try #require(finder.states.first)
    finder.setRSSIOffset(-7)
    #expect(finder.configuration.rssiOffset == -7)
    #expect(finder.configuration.rssiSpread == BeaconRanging.Configuration.calibratedRSSISpread)
    let after = try #require(rangedStates(finder.ingest(F.sighting(minor: 3, rssi: -90, at: 5))).first)
    // Eleven reports: the one at −90 is trimmed away, so the mean is still −70's, now −77.
    #expect(before.smoothedRSSI == -70)
    #expect(after.smoothedRSSI == -77)
    #expect(after.reportCount == 11)
    let distances = try #require(before.estimatedDistance.flatMap { b in after.estimatedDistance.map { (b, $0) } })
    #expect(abs(distances.1 / distances.0 - pow(10, 7 / 25)) < 1e-9)
  }

  @Test func trimmingIgnoresIsolatedOutliers() throws {
    var finder = BeaconRanging()
    // Ten reports at −80 with one deep-fade value and one reflection: trimmed away.
    let series: [Int8] = [-80, -80, -80, -100, -80, -80, -80, -60, -80, -80]
    for (index, rssi) in series.enumerated() { _ = finder.ingest(F.sighting(minor: 3, rssi: rssi, at: Double(index))) }
    let smoothed = try #require(finder.states.first?.smoothedRSSI)
    #expect(smoothed == -80)
  }

  @Test func noisySeriesStaysCloseToItsCentre() throws {
    var finder = BeaconRanging()
    var random = SplitMix64(seed: 7)
    var worst = 0.0
    for index in 0..<400 {
      let noise = Int8(Int.random(in: -8...8, using: &random))
      let events = finder.ingest(F.sighting(minor: 3, rssi: -82 + noise, at: Double(index) * 0.25))
      // After the window has filled (10 s = 40 reports), the smoothed value stays within ±3 dB.
      if index >= 40, let smoothed = rangedStates(events).first?.smoothedRSSI {
        worst = max(worst, abs(smoothed + 82))
      }
    }
    #expect(worst < 3)
    #expect(worst > 0)
  }

  /// The smoothed RSSI's standard error (Tukey–McLaughlin): the winsorized values' standard
  /// deviation over (1 − 2 × the trimmed share) × √count, worked out by hand for ten values.
  @Test func theStandardErrorIsTheWinsorizedSpreadOverTheKeptShare() throws {
    var finder = BeaconRanging()
    let series: [Int8] = [-80, -78, -82, -100, -79, -81, -80, -60, -83, -77]
    for (index, rssi) in series.enumerated() { _ = finder.ingest(F.sighting(minor: 3, rssi: rssi, at: Double(index))) }
    let state = try #require(finder.states.first)
    // Sorted: -100 -83 -82 -81 -80 -80 -79 -78 -77 -60; 20 % of 10 trimmed at each end (2), so
    // winsorized: -82 -82 -82 -81 -80 -80 -79 -78 -78 -78, mean -80, squares 4+4+4+1+0+0+1+4+4+4
    // = 26, deviation √(26 / 9); kept share 0.6; standard error √(26 / 9) / (0.6 × √10).
    let expected = (26.0 / 9).squareRoot() / (0.6 * 10.0.squareRoot())
    let error = try #require(state.smoothedRSSIStandardError)
    #expect(abs(error - expected) < 1e-9)
    #expect(state.smoothedRSSI == -80)
  }

  @Test func oneValueHasNoStandardError() throws {
    var finder = BeaconRanging()
    _ = finder.ingest(F.sighting(minor: 3, rssi: -70, at: 0))
    #expect(finder.states.first?.smoothedRSSIStandardError == nil)
  }

  @Test func dropoutsHoldTheLastValuesAndStepsAreFollowedWithinTheWindow() throws {
    var finder = BeaconRanging()
    for index in 0..<10 { _ = finder.ingest(F.sighting(minor: 3, rssi: -90, at: Double(index) * 0.5)) }
    // A 6-second fade, then the signal is back, stronger: the window still holds the old values.
    let afterFade = rangedStates(finder.ingest(F.sighting(minor: 3, rssi: -70, at: 10.5))).first?.smoothedRSSI
    let held = try #require(afterFade)
    #expect(held < -80)
    for index in 0..<30 { _ = finder.ingest(F.sighting(minor: 3, rssi: -70, at: 11 + Double(index) * 0.5)) }
    #expect(finder.states.first?.smoothedRSSI == -70)
  }

  @Test func aSightingWithoutRSSIKeepsTheBeaconButHasUnknownProximity() throws {
    var finder = BeaconRanging()
    let state = try #require(rangedStates(finder.ingest(F.sighting(minor: 3, rssi: nil, at: 0))).first)
    #expect(state.smoothedRSSI == nil)
    #expect(state.estimatedDistance == nil)
    #expect(state.proximity == .unknown)
  }

  @Test(arguments: [
    (rssi: Int8(-59), metres: 1.0, proximity: BeaconProximity.near),
    (rssi: -44, metres: 0.251_188_6, proximity: .immediate),
    (rssi: -84, metres: 10.0, proximity: .far),
    (rssi: -109, metres: 100.0, proximity: .far),
  ])
  func proximityAtKnownDistances(rssi: Int8, metres: Double, proximity: BeaconProximity) throws {
    var finder = BeaconRanging()
    let state = try #require(rangedStates(finder.ingest(F.sighting(minor: 3, rssi: rssi, at: 0))).first)
    let distance = try #require(state.estimatedDistance)
    #expect(abs(distance - metres) / metres < 1e-6)
    #expect(state.proximity == proximity)
  }

  @Test func uncalibratedMeasuredPowerGivesUnknownProximity() throws {
    var finder = BeaconRanging()
    let state = try #require(
      rangedStates(finder.ingest(F.sighting(minor: 3, rssi: -70, at: 0, measuredPower: 0))).first)
    #expect(state.smoothedRSSI == -70)
    #expect(state.proximity == .unknown)
  }

  @Test func lostAfterTheExitPeriodAndNotBefore() {
    var finder = BeaconRanging(configuration: BeaconRanging.Configuration(exitPeriod: .seconds(10)))
    _ = finder.ingest(F.sighting(minor: 3, rssi: -80, at: 5))
    #expect(finder.advance(to: F.time(14.999)).isEmpty)
    #expect(finder.trackedCount == 1)
    let identity = BeaconIdentity.iBeacon(uuid: F.stationUUID, major: 1, minor: 3)
    #expect(lostIdentities(finder.advance(to: F.time(15))) == [identity])
    #expect(finder.trackedCount == 0)
    #expect(finder.advance(to: F.time(30)).isEmpty)
  }

  @Test func anotherBeaconsSightingAlsoAdvancesTime() {
    var finder = BeaconRanging()
    _ = finder.ingest(F.sighting(minor: 3, rssi: -80, at: 0))
    let events = finder.ingest(F.sighting(minor: 4, rssi: -80, at: 22))
    #expect(lostIdentities(events).map(\.minor) == [3])
    #expect(rangedStates(events).map(\.identity.minor) == [4])
  }

  @Test func timeNeverMovesBack() {
    var finder = BeaconRanging()
    _ = finder.ingest(F.sighting(minor: 3, rssi: -80, at: 0))
    _ = finder.advance(to: F.time(9))
    #expect(finder.advance(to: F.time(2)).isEmpty)
    #expect(finder.now == F.time(9))
  }

  @Test func regionsFilterByUUIDMajorAndMinor() {
    let other = UUID128(high: 1, low: 2)
    let sightings = [
      F.sighting(minor: 3, rssi: -80, at: 0), F.sighting(minor: 4, rssi: -80, at: 0),
      F.sighting(minor: 3, rssi: -80, at: 0, major: 2), F.sighting(minor: 3, rssi: -80, at: 0, uuid: other),
    ]
    func ranged(_ regions: [BeaconRegion]) -> Int {
      var finder = BeaconRanging(regions: regions)
      return sightings.map { rangedStates(finder.ingest($0)).count }.reduce(0, +)
    }
    #expect(ranged([]) == 4)
    #expect(ranged([BeaconRegion(uuid: F.stationUUID)]) == 3)
    #expect(ranged([BeaconRegion(uuid: F.stationUUID, major: 1)]) == 2)
    #expect(ranged([BeaconRegion(uuid: F.stationUUID, major: 1, minor: 4)]) == 1)
    #expect(ranged([BeaconRegion(uuid: other), BeaconRegion(uuid: F.stationUUID, major: 2)]) == 2)
  }

  @Test func memoryStaysBoundedWithThousandsOfIdentities() {
    let configuration = BeaconRanging.Configuration(maximumSamplesPerBeacon: 16, maximumTrackedBeacons: 64)
    var finder = BeaconRanging(configuration: configuration)
    var lost = 0
    for index in 0..<5000 {
      let sighting = F.sighting(
        minor: UInt16(index % 65536), rssi: -80, at: Double(index) * 0.001, major: UInt16(index / 65536 + 10),
        address: UInt64(index))
      lost += lostIdentities(finder.ingest(sighting)).count
      #expect(finder.trackedCount <= 64)
    }
    #expect(finder.trackedCount == 64)
    #expect(lost == 5000 - 64)
    // The survivors are the most recently heard.
    #expect(finder.states.compactMap(\.identity.minor).min() == UInt16(5000 - 64))
  }

  @Test func samplesPerBeaconAreCapped() throws {
    var finder = BeaconRanging(configuration: BeaconRanging.Configuration(maximumSamplesPerBeacon: 4))
    for index in 0..<100 { _ = finder.ingest(F.sighting(minor: 3, rssi: -90, at: Double(index) * 0.01)) }
    for index in 0..<4 { _ = finder.ingest(F.sighting(minor: 3, rssi: -70, at: 1 + Double(index) * 0.01)) }
    // Only the last four values (all −70) remain although the window would hold all 104.
    #expect(finder.states.first?.smoothedRSSI == -70)
    #expect(finder.states.first?.reportCount == 104)
  }

  @Test func pow10MatchesKnownValues() {
    for (exponent, expected) in [(0.0, 1.0), (1.0, 10.0), (2.0, 100.0), (-1.0, 0.1), (0.5, 3.162_277_660_168_379_5)] {
      #expect(abs(DistanceEstimate.pow10(exponent) - expected) / expected < 1e-12)
    }
  }
}
