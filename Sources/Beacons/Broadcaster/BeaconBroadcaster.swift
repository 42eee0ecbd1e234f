import BluetoothTypes

/// Makes this machine a beacon: advertises one frame until stopped.
///
/// The product design's `BeaconBroadcaster`, which `beacon-broadcast` uses to act as a station
/// beacon. ``startBroadcasting(_:interval:)`` and ``stopBroadcasting()`` say what they did, so that
/// the caller can act on it. The implementation over a controller is `BeaconAdvertising`'s
/// `HCIBeaconBroadcaster`.
public protocol BeaconBroadcaster: AnyObject {
  /// Advertises `frame` every `interval` (as non-connectable undirected advertising), replacing
  /// what was advertised before.
  func startBroadcasting(_ frame: BeaconFrame, interval: Duration) -> BeaconBroadcastResult
  /// Stops advertising; the controller is left as it was found.
  func stopBroadcasting() -> BeaconBroadcastStopResult
}

/// What ``BeaconBroadcaster/startBroadcasting(_:interval:)`` did.
public enum BeaconBroadcastResult: Hashable, Sendable {
  /// Advertising the frame.
  case broadcasting
  /// No permission to use the Bluetooth adapter.
  case notAuthorized
  /// No adapter, or it is down, blocked or gone.
  case bluetoothUnavailable
  /// The frame or interval cannot be advertised (too long, out of range), or the controller
  /// refused; the implementation keeps the typed error.
  case failed
}

/// What ``BeaconBroadcaster/stopBroadcasting()`` did.
public enum BeaconBroadcastStopResult: Hashable, Sendable {
  /// Advertising stopped.
  case stopped
  /// Nothing was being advertised.
  case notBroadcasting
  /// The controller did not stop advertising; the implementation keeps the typed error.
  case failed
}
