import BluetoothTypes

/// A source of location fixes: a GPS daemon, or a recorded ride.
///
/// The product design's `LocationFinder`, the counterpart of the Bluetooth side's
/// `BeaconFinder`. Its ``delegate`` is told of each fix and of what goes wrong on the way;
/// ``start()`` and ``stop()`` say what they did, so that the caller can act on it (start gpsd,
/// fall back, or go on). Implementations live where the I/O is (`GPSDClient`'s
/// `GPSDLocationFinder`); tests drive their own.
public protocol LocationFinder: AnyObject {
  /// Receives the fixes; held weakly by implementations.
  var delegate: (any LocationFinderDelegate)? { get set }
  /// Starts receiving fixes: connects to the source and asks it for reports.
  func start() -> LocationFinderStartResult
  /// Stops receiving fixes and disconnects.
  @discardableResult
  func stop() -> LocationFinderStopResult
}

/// Receives a ``LocationFinder``'s fixes, in the order the source gave them.
public protocol LocationFinderDelegate: AnyObject {
  /// A fix arrived: with a position or without (``LocationFix/Mode/noFix``), which says the
  /// receiver is there but sees too few satellites.
  func locationFinder(_ finder: any LocationFinder, didReceive fix: LocationFix)
  /// Something changed that the rider should know: the source went away or came back, the
  /// receiver was unplugged, fixes stopped coming. Optional.
  func locationFinder(_ finder: any LocationFinder, didChange condition: LocationSourceCondition)
}

extension LocationFinderDelegate {
  public func locationFinder(_ finder: any LocationFinder, didChange condition: LocationSourceCondition) {}
}

/// What ``LocationFinder/start()`` did.
public enum LocationFinderStartResult: Hashable, Sendable {
  /// Receiving fixes (or trying to: a source that is down is retried, and the delegate is told).
  case started
  /// It was already started; nothing changed.
  case alreadyStarted
  /// No source to connect to; the implementation keeps the typed error.
  case unavailable
}

/// What ``LocationFinder/stop()`` did.
///
/// A stop cannot fail: it always leaves the finder stopped and disconnected, and the result only
/// says whether it was running; so `stop()` is `@discardableResult`.
public enum LocationFinderStopResult: Hashable, Sendable {
  /// Stopped; no more fixes.
  case stopped
  /// It was not started.
  case notRunning
}

/// The state of a location source, as its finder reports changes to it.
public enum LocationSourceCondition: Hashable, Sendable {
  /// Connected, with a receiver reporting.
  case reporting
  /// The source (gpsd) cannot be reached; the finder retries.
  case sourceUnreachable
  /// The source is there but has no receiver (unplugged, or never attached).
  case noReceiver
  /// No report for longer than the source's reporting cycle allows.
  case stale(since: Timestamp)
}
