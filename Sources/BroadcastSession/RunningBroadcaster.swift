import BeaconAdvertising
import Beacons
import BluetoothdClient

/// What ``BroadcastRun`` needs of a broadcaster besides starting and stopping: serving it while it
/// advertises, closing it, why it failed and how it advertises. The HCI session's
/// (``HCIBeaconBroadcaster``) and the management interface's (``ManagementBeaconBroadcaster``,
/// `--via bluetoothd`).
package protocol RunningBroadcaster: BeaconBroadcaster {
  /// Serves the controller until `deadline` or `shouldStop`; `false` when it failed.
  func keepAlive(until deadline: ContinuousClock.Instant?, shouldStop: () -> Bool) -> Bool
  /// Stops advertising and releases the controller.
  func close()
  /// Why the last call failed, for the message.
  var failureDescription: String? { get }
  /// How it advertises, for the output's `commandSet`: `legacy`, `extended` or `management`.
  var advertisingMethod: String { get }
}

extension HCIBeaconBroadcaster: RunningBroadcaster {
  package var failureDescription: String? { failure.map { "\($0)" } }
  package var advertisingMethod: String { session?.advertisingCommandSet.description ?? "" }
}

extension ManagementBeaconBroadcaster: RunningBroadcaster {
  package var failureDescription: String? { failure.map { "\($0)" } }
  package var advertisingMethod: String { "management" }
}
