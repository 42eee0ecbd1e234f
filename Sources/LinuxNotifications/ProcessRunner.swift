/// Runs a program to completion, or stops it when it takes too long.
///
/// The channels use this to start `notify-send`, `paplay` and `aplay`. ``SpawnProcessRunner`` is
/// the live implementation; tests give a fake that records the argument vectors.
public protocol ProcessRunner: Sendable {
  /// Runs `executable` (an absolute path) with `arguments`, its standard input and output
  /// connected to `/dev/null`, and waits at most `timeout` for it to end.
  ///
  /// A program still running at the deadline is killed, and the outcome says so.
  /// - Throws: ``ProcessLaunchError`` when the program could not be started at all.
  func run(_ executable: String, arguments: [String], timeout: Duration) throws(ProcessLaunchError) -> ProcessOutcome
}
