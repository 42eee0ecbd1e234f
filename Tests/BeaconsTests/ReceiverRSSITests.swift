import BeaconTestSupport
import BluetoothTypes
import Foundation
import Testing

@testable import Beacons

/// The receiver's side of ranging: its RSSI offset, the impossible RSSIs it drops, the distance
/// interval and the calibration that measures the offset. Distances are checked against the
/// log-distance formula worked out here with Foundation's `pow` and `log10`.
@Suite struct ReceiverRSSITests {
  private typealias F = FindingFixtures

  /// `10 ^ ((measuredPower − rssi) / (10 n))`, independently of the toolkit's own arithmetic.
  private func modelDistance(rssi: Double, measuredPower: Double = -59, exponent: Double = 2.5) -> Double {
    pow(10, (measuredPower - rssi) / (10 * exponent))
  }

  private func state(_ configuration: BeaconRanging.Configuration, rssis: [Int8]) throws -> BeaconState {
    var ranging = BeaconRanging(configuration: configuration)
    for (index, rssi) in rssis.enumerated() { _ = ranging.ingest(F.sighting(minor: 3, rssi: rssi, at: Double(index))) }
    return try #require(ranging.states.first)
  }

  @Test func theOffsetMovesTheSmoothedRSSIAndTheDistanceButNotTheReportedRSSI() throws {
    let rssis: [Int8] = [-80, -78, -82, -79, -81]
    let plain = try state(BeaconRanging.Configuration(), rssis: rssis)
    let offset = try state(BeaconRanging.Configuration(rssiOffset: 6.5), rssis: rssis)
    let plainSmoothed = try #require(plain.smoothedRSSI)
    let offsetSmoothed = try #require(offset.smoothedRSSI)
    #expect(abs(offsetSmoothed - (plainSmoothed + 6.5)) < 1e-9)
    #expect(offset.lastRSSI == -81)
    #expect(offset.smoothedRSSIStandardError == plain.smoothedRSSIStandardError)
    let distance = try #require(offset.estimatedDistance)
    #expect(abs(distance - modelDistance(rssi: offsetSmoothed)) / distance < 1e-9)
  }

  @Test func anImpossibleRSSINeverMovesTheEstimateAndIsCounted() throws {
    var ranging = BeaconRanging()
    _ = ranging.ingest(F.sighting(minor: 3, rssi: -70, at: 0))
    _ = ranging.ingest(F.sighting(minor: 3, rssi: -72, at: 1))
    let before = try #require(ranging.states.first)
    _ = ranging.ingest(F.sighting(minor: 3, rssi: 42, at: 2))
    _ = ranging.ingest(F.sighting(minor: 3, rssi: -128, at: 3))
    let after = try #require(ranging.states.first)
    #expect(after.smoothedRSSI == before.smoothedRSSI)
    #expect(after.smoothedRSSI == -71)
    #expect(after.estimatedDistance == before.estimatedDistance)
    #expect(after.lastRSSI == nil)
    #expect(after.reportCount == 4)
    #expect(after.lastSeen == F.time(3))
    #expect(ranging.impossibleRSSICount == 2)
    // The limits themselves are possible; no RSSI at all (HCI's 127) is not counted.
    _ = ranging.ingest(F.sighting(minor: 3, rssi: 0, at: 4))
    _ = ranging.ingest(F.sighting(minor: 3, rssi: -127, at: 5))
    _ = ranging.ingest(F.sighting(minor: 3, rssi: nil, at: 6))
    #expect(ranging.impossibleRSSICount == 2)
  }

  @Test func aBeaconHeardOnlyWithImpossibleRSSIsHasNoEstimate() throws {
    let state = try state(BeaconRanging.Configuration(), rssis: [42, 42])
    #expect(state.smoothedRSSI == nil)
    #expect(state.estimatedDistance == nil)
    #expect(state.distanceLow == nil)
    #expect(state.distanceHigh == nil)
    #expect(state.proximity == .unknown)
  }

  @Test(arguments: [0.5, 2.0, 4.5, 9.0])
  func theIntervalIsTheModelAtTheSmoothedRSSIPlusAndMinusTheSpread(spread: Double) throws {
    let state = try state(BeaconRanging.Configuration(rssiSpread: spread), rssis: [-75, -77])
    let smoothed = try #require(state.smoothedRSSI)
    let distance = try #require(state.estimatedDistance)
    let low = try #require(state.distanceLow)
    let high = try #require(state.distanceHigh)
    #expect(low < distance)
    #expect(distance < high)
    #expect(abs(low - modelDistance(rssi: smoothed + spread)) / low < 1e-9)
    #expect(abs(high - modelDistance(rssi: smoothed - spread)) / high < 1e-9)
  }

  @Test func theIntervalWidensWithTheSpread() throws {
    var previous: (low: Double, high: Double)?
    for spread in stride(from: 0.5, through: 12, by: 0.5) {
      let state = try state(BeaconRanging.Configuration(rssiSpread: spread), rssis: [-70])
      let low = try #require(state.distanceLow)
      let high = try #require(state.distanceHigh)
      if let previous {
        #expect(low < previous.low)
        #expect(high > previous.high)
      }
      previous = (low, high)
    }
  }

  @Test func theExponentIsTheModels() throws {
    let state = try state(BeaconRanging.Configuration(pathLossExponent: 1.5), rssis: [-71])
    let distance = try #require(state.estimatedDistance)
    #expect(abs(distance - modelDistance(rssi: -71, exponent: 1.5)) / distance < 1e-9)
    #expect(BeaconRanging.Configuration().pathLossExponent == 2.5)
    #expect(BeaconRanging.Configuration().rssiSpread == 9.4)
  }

  @Test func farBeyondADoubleIsNoEstimateRatherThanInfinity() throws {
    let state = try state(BeaconRanging.Configuration(pathLossExponent: 1e-300), rssis: [-100])
    #expect(state.estimatedDistance == nil)
    #expect(state.proximity == .unknown)
  }

  @Test(arguments: [0.1, 0.5, 1.0, 2.0, 3.7, 10.0, 100.0, 1e-9, 12345.678])
  func log10MatchesFoundation(value: Double) {
    #expect(abs(DistanceEstimate.log10(value) - Foundation.log10(value)) < 1e-12)
  }

  @Test func calibrationGivesTheOffsetThatMakesTheModelSayTheDistance() throws {
    var calibration = ReceiverCalibration(distance: 2, pathLossExponent: 2.5)
    let rssis: [Int8] = [-70, -66, -68, -75, -67, 42, -69]
    for (index, rssi) in rssis.enumerated() { calibration.add(F.sighting(minor: 3, rssi: rssi, at: Double(index))) }
    calibration.add(F.sighting(minor: 4, rssi: -80, at: 8, measuredPower: -65))
    calibration.add(F.sighting(minor: 5, rssi: -60, at: 9, measuredPower: 0))
    #expect(calibration.reportCount == 7)
    #expect(calibration.unusableCount == 2)
    // measuredPower − rssi: 11, 7, 9, 16, 8, 10 for minor 3 and 15 for minor 4; median 10.
    let expected = 10 - 10 * 2.5 * Foundation.log10(2)
    let offset = try #require(calibration.rssiOffset)
    #expect(abs(offset - expected) < 1e-9)
    // With the offset, the model puts the median report at 2 m.
    #expect(abs(modelDistance(rssi: -69 + offset) - 2) < 1e-9)
    let heard = calibration.heard
    #expect(heard.map(\.reports) == [6, 1])
    #expect(heard.map(\.medianRSSI) == [-68.5, -80])
    #expect(heard.map(\.measuredPower) == [-59, -65])
  }

  @Test func beaconsBeyondTheListStillCountTowardsTheOffset() throws {
    var calibration = ReceiverCalibration(distance: 1)
    let beacons = ReceiverCalibration.maximumListedBeacons + 3
    for index in 0..<beacons {
      // Half the listed beacons at −70 dBm (measured power − RSSI: 11), the rest and the three
      // beyond the list at −50 (−9): the median is −9 only when those three count.
      let rssi: Int8 = index < ReceiverCalibration.maximumListedBeacons / 2 ? -70 : -50
      calibration.add(F.sighting(minor: UInt16(index), rssi: rssi, at: Double(index), major: 9))
    }
    #expect(calibration.heard.count == ReceiverCalibration.maximumListedBeacons)
    #expect(calibration.unlistedReportCount == 3)
    #expect(calibration.reportCount == beacons)
    #expect(try #require(calibration.rssiOffset) == -9)
  }

  @Test func noUsableReportIsNoOffset() {
    var calibration = ReceiverCalibration(distance: 1)
    calibration.add(F.sighting(minor: 3, rssi: 42, at: 0))
    calibration.add(F.sighting(minor: 3, rssi: nil, at: 1))
    #expect(calibration.rssiOffset == nil)
    #expect(calibration.heard.isEmpty)
  }
}
