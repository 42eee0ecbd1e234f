/// What `stop` did.
///
/// A stop cannot fail: it always leaves the use case (and the finders it started) stopped, and
/// the result only says whether it was watching; so every use case's `stop()` is
/// `@discardableResult`, for a caller that only ends a ride.
public enum StationWatchStopResult: Hashable, Sendable {
  /// It was watching and has stopped.
  case stopped
  /// It was not watching (never started, already stopped, or stopped itself when done).
  case notRunning
}
