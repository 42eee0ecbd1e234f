import POSIXSupport
import SystemPackage

/// Why gpsd could not be used; the description says what to do.
public enum GPSDError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Nothing to connect to at the endpoint.
  case unreachable(GPSDEndpoint, TCPConnectFailure)
  /// The connection failed after it was made (reading or writing).
  case connectionFailed(GPSDEndpoint, operation: String, errno: Errno)

  public var description: String {
    switch self {
    case .unreachable(let endpoint, .refused):
      return "no gpsd at \(endpoint) — start it: `sudo systemctl start gpsd`, or `gpsd -N /dev/ttyACM0`"
    case .unreachable(let endpoint, .unresolvable(let message)):
      return
        "gpsd at \(endpoint): cannot resolve \(endpoint.host) (\(message)); give an address, such as --gps 127.0.0.1:2947"
    case .unreachable(let endpoint, .timedOut(let timeout)):
      return
        "gpsd at \(endpoint) did not answer within \(timeout): check that the host is reachable and gpsd listens there (gpsd -G to listen beyond localhost)"
    case .unreachable(let endpoint, .systemError(let operation, let errno)),
      .connectionFailed(let endpoint, let operation, let errno):
      return "gpsd at \(endpoint): \(operation) failed: \(errno)"
    }
  }
}

/// Something that went wrong with gpsd and was survived; ``GPSDLocationFinder`` reports each
/// kind once (and counts them all).
public enum GPSDProblem: Hashable, Sendable, CustomStringConvertible {
  /// gpsd cannot be reached; retried with backoff.
  case unreachable(GPSDError)
  /// gpsd closed the connection (it was stopped or restarted); reconnecting.
  case connectionClosed(GPSDEndpoint)
  /// gpsd has no receiver (none plugged in, or it went away).
  case noReceiver(path: String?)
  /// No position report for longer than two of the receiver's cycles.
  case stale(seconds: Double)
  /// A line that is not a gpsd object (noise, a line cut short).
  case unreadableLine(GPSDLineError)
  /// gpsd answered a request with an error.
  case gpsdError(message: String)
  /// gpsd speaks a protocol version this client was not written for.
  case unsupportedProtocol(major: Int, minor: Int)

  public var description: String {
    switch self {
    case .unreachable(let error): return "\(error); retrying"
    case .connectionClosed(let endpoint):
      return "gpsd at \(endpoint) closed the connection (stopped or restarted); reconnecting"
    case .noReceiver(let path):
      return "gpsd has no GPS receiver\(path.map { " (\($0) went away)" } ?? ""): plug one in, or check `gpsctl`"
    case .stale(let seconds): return "no position from gpsd for \(Int(seconds.rounded())) s"
    case .unreadableLine(let error): return "\(error) (later ones are counted, not shown)"
    case .gpsdError(let message): return "gpsd: \(message)"
    case .unsupportedProtocol(let major, let minor):
      return "gpsd speaks protocol \(major).\(minor); this client reads version 3: reports may be misread"
    }
  }
}
