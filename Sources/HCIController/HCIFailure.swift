import HCITransportCore

/// Why starting or running over a controller failed: the connection's error, or the controller
/// session's. `HCIBeaconFinder` (BeaconScanning) and `HCIBeaconBroadcaster` (BeaconAdvertising)
/// keep the last one, typed; it lives here, below both, because both report it.
public enum HCIFailure: Error, Sendable, CustomStringConvertible {
  case connection(HCIConnectionError)
  case controller(ControllerError)

  /// What the caller does about it.
  public enum Kind: Hashable, Sendable {
    /// Ask for the capabilities (`CAP_NET_RAW`, `CAP_NET_ADMIN`).
    case notAuthorized
    /// Ask for an adapter: none, down, blocked, gone; or no such capture.
    case unavailable
    /// Anything else: a controller that refuses or does not answer, a damaged capture.
    case other
  }

  /// The connection's error, also when the session met it (a link that failed, or closed).
  public var connectionError: HCIConnectionError? {
    switch self {
    case .connection(let error): return error
    case .controller(.connectionFailed(_, let error)), .controller(.connectionLost(_, let error)): return error
    case .controller: return nil
    }
  }

  public var kind: Kind {
    switch connectionError {
    case .notAuthorized: return .notAuthorized
    case .unavailable, .closed: return .unavailable
    case .framing, .failed, .endOfStream, nil: return .other
    }
  }

  public var description: String {
    switch self {
    case .connection(let error): return error.description
    case .controller(let error): return error.description
    }
  }
}
