#if canImport(Glibc)
  import Glibc
#endif

/// A notification, bell or alarm could not be delivered.
public enum ChannelDeliveryError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The channel cannot be used here.
  case unavailable(ChannelUnavailableReason)
  /// The helper program could not be started.
  case launchFailed(ProcessLaunchError)
  /// The helper program exited with a non-zero status.
  case programFailed(program: String, status: Int32, standardError: String)
  /// A signal ended the helper program.
  case programKilled(program: String, signal: Int32)
  /// The helper program was still running at the deadline and was killed.
  case timedOut(program: String, timeout: Duration)
  /// Writing to the terminal failed with this `errno`.
  case writeFailed(code: Int32)
  /// The generated chime could not be written to `path`.
  case soundFileNotWritten(path: String, reason: String)

  public var description: String {
    switch self {
    case .unavailable(let reason):
      "\(reason)"
    case .launchFailed(let error):
      "\(error)"
    case .programFailed(let program, let status, let standardError):
      "\(program) exited with status \(status)"
        + Self.quoting(standardError)
        + "; run it by hand to see why"
    case .programKilled(let program, let signal):
      "\(program) was ended by signal \(signal)"
    case .timedOut(let program, let timeout):
      "\(program) did not finish within \(timeout) and was stopped; check that the desktop or sound server responds"
    case .writeFailed(let code):
      "could not ring the terminal bell: \(String(cString: strerror(code)))"
    case .soundFileNotWritten(let path, let reason):
      "could not write the chime to \(path): \(reason); give a sound file instead, or set XDG_CACHE_HOME to a writable directory"
    }
  }

  /// `: ` and what the program wrote to standard error, without white space and line breaks at
  /// either end; nothing when it wrote nothing else.
  private static func quoting(_ standardError: String) -> String {
    guard let first = standardError.firstIndex(where: { !$0.isWhitespace }),
      let last = standardError.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return ": " + standardError[first...last]
  }
}
