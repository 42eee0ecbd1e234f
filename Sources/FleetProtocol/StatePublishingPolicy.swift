import Beacons
import BluetoothTypes

/// When a beacon's state is worth a message on the broker: when it moved, or when nothing has
/// been said for a while, and never more often than a floor.
///
/// A state is published when, since the one last published,
/// - the smoothed RSSI moved by more than ``deadband`` and by more than its noise can explain
///   (``noiseMargin``), and stayed moved for ``steadyFor``; or it appeared or vanished;
/// - the beacon's txPower (measured power) changed;
/// - or ``heartbeat`` passed, so that a beacon that stands still is still seen alive;
///
/// and at least ``minimumGap`` passed (`--mqtt-interval`). A beacon that stands still then costs
/// one message per heartbeat, however often it advertises and however noisy its RSSI.
///
/// The proximity class is no trigger of its own: it follows the smoothed RSSI, and a beacon near
/// a class boundary flips class with every dB of noise. With it as a trigger, a beacon standing
/// still at -70 dBm with 4 dB of noise sent 85 states in 10 minutes instead of 11
/// (`MQTTPublishOnChangeTests`); a class that changes as the RSSI moves is published with it.
package struct StatePublishingPolicy: Hashable, Sendable {
  /// How far the smoothed RSSI may move, in dB, before the move is worth a message.
  package var deadband: Double
  /// The longest silence about a beacon that is still heard.
  package var heartbeat: Duration
  /// The least time between two states of one beacon.
  package var minimumGap: Duration

  package init(deadband: Double, heartbeat: Duration, minimumGap: Duration) {
    self.deadband = deadband
    self.heartbeat = heartbeat
    self.minimumGap = minimumGap
  }

  /// The deadband without `--mqtt-deadband`, in dB.
  package static let defaultDeadband = 2.0
  /// The heartbeat without `--mqtt-heartbeat`, in seconds.
  package static let defaultHeartbeatSeconds = 60.0

  /// How many standard errors of the difference between two smoothed RSSIs a move must pass.
  /// A beacon heard once a second by a controller with 4 dB of noise has a smoothed RSSI known to
  /// about 1.5 dB: the 2 dB deadband alone let such a beacon standing still send 35 to 41 states
  /// in 10 minutes instead of 11. One heard ten times a second is known well enough for the
  /// deadband to decide.
  package static let noiseMargin = 3.0

  /// How long a move must last to count. The standard error comes from a few values and is
  /// itself noisy; a true move lasts, an excursion of the 10-second mean does not (with the
  /// margin alone, 13 to 15 states instead of 11).
  package static let steadyFor = Duration.seconds(5)

  /// What was last published of a beacon, which a new state is compared with, and since when
  /// the beacon has seemed to move away from it.
  package struct Published: Hashable, Sendable {
    package var time: Timestamp
    package var smoothedRSSI: Double?
    package var smoothedRSSIStandardError: Double?
    package var txPowerAt1m: Int
    /// Since when the smoothed RSSI has been beyond the threshold; `nil` while it is not.
    package var movedSince: Timestamp?

    package init(_ state: BeaconState) {
      time = state.lastSeen
      smoothedRSSI = state.smoothedRSSI
      smoothedRSSIStandardError = state.smoothedRSSIStandardError
      txPowerAt1m = state.txPowerAt1m
    }
  }

  /// The move of the smoothed RSSI that counts: the deadband, or the noise margin when that is
  /// wider.
  ///
  /// A state published from a single report (the first one of a beacon) has no standard error
  /// of its own: it is as uncertain as one report, estimated from the current one as the
  /// current standard error times the square root of the reports so far (at most the window's
  /// 100). Without this, the first report's noise was taken for a move a few seconds later.
  package func threshold(_ state: BeaconState, _ published: Published) -> Double {
    let now = state.smoothedRSSIStandardError ?? 0
    let then = published.smoothedRSSIStandardError ?? now * Double(min(max(state.reportCount, 1), 100)).squareRoot()
    return max(deadband, Self.noiseMargin * (now * now + then * then).squareRoot())
  }

  /// Whether the smoothed RSSI of `state` is beyond the threshold from `published`'s, or
  /// appeared or vanished.
  package func hasMoved(_ state: BeaconState, from published: Published) -> Bool {
    switch (state.smoothedRSSI, published.smoothedRSSI) {
    case (let now?, let then?): return abs(now - then) > threshold(state, published)
    case (nil, nil): return false
    default: return true
    }
  }

  /// Whether `state` is worth publishing after `published`; keeps in `published` since when the
  /// beacon has seemed to move.
  package func isWorthPublishing(_ state: BeaconState, after published: inout Published) -> Bool {
    if hasMoved(state, from: published) {
      if published.movedSince == nil { published.movedSince = state.lastSeen }
    } else {
      published.movedSince = nil
    }
    guard state.lastSeen.microseconds(since: published.time) >= minimumGap.wholeMicroseconds else { return false }
    if state.lastSeen.microseconds(since: published.time) >= heartbeat.wholeMicroseconds { return true }
    if state.txPowerAt1m != published.txPowerAt1m { return true }
    guard let since = published.movedSince else { return false }
    return state.lastSeen.microseconds(since: since) >= Self.steadyFor.wholeMicroseconds
  }

  /// Whether `state` says something `published` did not: a move, however short, or another
  /// txPower. For the end of a run, which has no later state to wait for.
  package func hasChanged(_ state: BeaconState, since published: Published) -> Bool {
    state.txPowerAt1m != published.txPowerAt1m || hasMoved(state, from: published)
  }
}
