import BeaconTestSupport
import Beacons
import BluetoothTypes
import FleetProtocol
import Testing

/// When a node's beacon state is worth a message: each rule on hand-made states (the whole
/// path, on a capture and a real broker, is `MQTTPublishOnChangeTests`).
@Suite struct StatePublishingPolicyTests {
  static let policy = StatePublishingPolicy(deadband: 2, heartbeat: .seconds(60), minimumGap: .seconds(1))

  static func state(
    at seconds: Double, rssi: Double?, error: Double? = 0.5, txPower: Int = -59, reports: Int = 50
  ) -> BeaconState {
    BeaconState(
      identity: .iBeacon(uuid: FindingFixtures.stationUUID, major: 1, minor: 3),
      address: BluetoothAddress(rawValue: 0xC0FF_EE00_0001), txPowerAt1m: txPower, lastRSSI: nil,
      smoothedRSSI: rssi, estimatedDistance: nil, proximity: .unknown, firstSeen: FindingFixtures.time(0),
      lastSeen: FindingFixtures.time(seconds), reportCount: reports, smoothedRSSIStandardError: error)
  }

  /// Feeds states one a second from `from` to `to` with `rssi`, and returns the times at which
  /// the policy published (the published record replaced as the reporter does).
  static func publications(
    after published: inout StatePublishingPolicy.Published, from: Int, to: Int, rssi: Double, error: Double = 0.5
  ) -> [Int] {
    var times: [Int] = []
    for second in from...to {
      let next = state(at: Double(second), rssi: rssi, error: error)
      if policy.isWorthPublishing(next, after: &published) {
        times.append(second)
        published = StatePublishingPolicy.Published(next)
      }
    }
    return times
  }

  @Test func aBeaconStandingStillIsToldOfOncePerHeartbeat() {
    var published = StatePublishingPolicy.Published(Self.state(at: 0, rssi: -70))
    #expect(Self.publications(after: &published, from: 1, to: 180, rssi: -70.5) == [60, 120, 180])
  }

  /// A move past the deadband that lasts is told once it has lasted ``steadyFor``; one shorter
  /// is not.
  @Test func aLastingMoveIsToldAndABlipIsNot() {
    var published = StatePublishingPolicy.Published(Self.state(at: 0, rssi: -70))
    #expect(Self.publications(after: &published, from: 1, to: 3, rssi: -75).isEmpty)
    #expect(Self.publications(after: &published, from: 4, to: 20, rssi: -70).isEmpty)
    let steady = Int(StatePublishingPolicy.steadyFor.components.seconds)
    #expect(Self.publications(after: &published, from: 21, to: 40, rssi: -75) == [21 + steady])
  }

  /// A move within what the smoothed RSSI's noise explains is not one, however long it lasts:
  /// 4 dB with standard errors of 1.5 dB is under three standard errors of the difference.
  @Test func aMoveWithinTheNoiseWaitsForTheHeartbeat() {
    var published = StatePublishingPolicy.Published(Self.state(at: 0, rssi: -70, error: 1.5))
    #expect(Self.policy.threshold(Self.state(at: 1, rssi: -74, error: 1.5), published) > 6)
    #expect(Self.publications(after: &published, from: 1, to: 59, rssi: -74, error: 1.5).isEmpty)
    // Well heard (a small standard error), the deadband decides.
    let precise = StatePublishingPolicy.Published(Self.state(at: 0, rssi: -70, error: 0.2))
    #expect(Self.policy.threshold(Self.state(at: 1, rssi: -74, error: 0.2), precise) == 2)
  }

  @Test func anotherTxPowerIsToldAtOnceButNotBeforeTheMinimumGap() {
    var published = StatePublishingPolicy.Published(Self.state(at: 0, rssi: -70))
    #expect(!Self.policy.isWorthPublishing(Self.state(at: 0.5, rssi: -70, txPower: -65), after: &published))
    #expect(Self.policy.isWorthPublishing(Self.state(at: 1, rssi: -70, txPower: -65), after: &published))
  }

  /// The first state comes from one report: it is as uncertain as one report, so the next
  /// seconds' better estimate is no move.
  @Test func theFirstReportsNoiseIsNoMove() {
    let first = StatePublishingPolicy.Published(Self.state(at: 0, rssi: -64, error: nil, reports: 1))
    let later = Self.state(at: 5, rssi: -70, error: 1.2, reports: 9)
    #expect(!Self.policy.hasMoved(later, from: first))
    #expect(Self.policy.hasMoved(Self.state(at: 5, rssi: -70, error: 0.1, reports: 9), from: first))
  }

  @Test func aSignalThatAppearsOrVanishesIsAChange() {
    let heard = StatePublishingPolicy.Published(Self.state(at: 0, rssi: -70))
    #expect(Self.policy.hasChanged(Self.state(at: 1, rssi: nil), since: heard))
    let unheard = StatePublishingPolicy.Published(Self.state(at: 0, rssi: nil))
    #expect(Self.policy.hasChanged(Self.state(at: 1, rssi: -70), since: unheard))
    #expect(!Self.policy.hasChanged(Self.state(at: 1, rssi: nil), since: unheard))
  }
}
