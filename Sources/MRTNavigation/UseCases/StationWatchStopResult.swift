/// What `stop` did.
public enum StationWatchStopResult: Hashable, Sendable {
  /// It was watching and has stopped.
  case stopped
  /// It was not watching (never started, already stopped, or stopped itself when done).
  case notRunning
}
