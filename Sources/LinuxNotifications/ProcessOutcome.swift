/// How a program started by a ``ProcessRunner`` ended.
public struct ProcessOutcome: Sendable, Equatable {
  /// How the program ended.
  public enum Termination: Sendable, Equatable {
    /// It exited by itself with this status.
    case exited(status: Int32)
    /// A signal, not sent by the runner, ended it.
    case signalled(signal: Int32)
    /// It was still running at the deadline and the runner killed it.
    case timedOut
    /// It ended, but its status was collected elsewhere (for instance by a `SIGCHLD` handler).
    case statusUnavailable
  }

  /// The process id it ran as (already reaped).
  public var processID: Int32
  /// How it ended.
  public var termination: Termination
  /// The start of what it wrote to standard error, for error messages.
  public var standardError: String

  /// An outcome with the given parts.
  public init(processID: Int32, termination: Termination, standardError: String = "") {
    self.processID = processID
    self.termination = termination
    self.standardError = standardError
  }

  /// Whether the program exited by itself with status 0.
  public var succeeded: Bool { termination == .exited(status: 0) }
}
