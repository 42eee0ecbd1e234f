import BluetoothTypes

/// A source of beacon sightings: scanning with a Bluetooth controller, or a recorded capture.
///
/// The product design's `BeaconFinder`. Its ``delegate`` is told of each sighting and of time
/// passing; ``start()`` and ``stop()`` say what they did, so that the caller (a use case, a
/// command) can act on it: ask for permission, ask for an adapter, or go on. Implementations
/// live where the I/O is (`BeaconScanning`'s `HCIBeaconFinder`); tests drive their own.
public protocol BeaconFinder: AnyObject {
  /// Receives the sightings; held weakly by implementations.
  var delegate: (any BeaconFinderDelegate)? { get set }
  /// Starts finding beacons: opens the controller and starts scanning (or opens the capture).
  func start() -> BeaconFinderStartResult
  /// Stops finding beacons and leaves the controller as it was found.
  @discardableResult
  func stop() -> BeaconFinderStopResult
}

/// Receives a ``BeaconFinder``'s sightings, in the order they were seen.
public protocol BeaconFinderDelegate: AnyObject {
  /// A beacon was heard.
  func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting)
  /// Time has passed, up to `time`, without a sighting since the last call; so that beacons
  /// that fell silent can be given up. Time is the source's: a capture's own, or the time of day.
  func beaconFinder(_ finder: any BeaconFinder, didReach time: Timestamp)
}

/// What ``BeaconFinder/start()`` did.
public enum BeaconFinderStartResult: Hashable, Sendable {
  /// Finding beacons; sightings now reach the delegate.
  case started
  /// It was already started; nothing changed.
  case alreadyStarted
  /// No permission to use the Bluetooth adapter (on Linux: `CAP_NET_RAW` and `CAP_NET_ADMIN`).
  case notAuthorized
  /// No adapter, or it is down, blocked or gone; or no such capture.
  case bluetoothUnavailable
  /// The adapter (or capture) is there but could not be used; the implementation keeps the
  /// typed error.
  case failed
}

/// What ``BeaconFinder/stop()`` did.
///
/// A stop cannot fail: it always leaves the finder stopped, and the result only says whether it
/// was running. So `stop()` is `@discardableResult` (here and on every stop of a finder or a use
/// case), for a caller that only ends a run; a caller that wants to know reads it.
public enum BeaconFinderStopResult: Hashable, Sendable {
  /// Stopped; no more sightings.
  case stopped
  /// It was not started.
  case notRunning
}
