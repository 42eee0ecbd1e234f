import CMosquitto
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// Why the broker could not be reached at all, told apart so that a user can act on it: a name
/// that does not resolve is a typo or a missing DNS entry; a refused connection is a host with
/// no broker on that port; anything else is the network.
public enum MQTTConnectFailure: Hashable, Sendable, CustomStringConvertible {
  /// The host name does not resolve (`MOSQ_ERR_EAI`).
  case nameNotResolved
  /// The host answered that nothing listens on the port (`ECONNREFUSED`).
  case connectionRefused
  /// The network cannot reach the host (`ENETUNREACH`, `EHOSTUNREACH`).
  case unreachable(MosquittoStatus)
  /// Any other failure, as libmosquitto or the system names it.
  case other(MosquittoStatus)

  /// Sorts a failed first attempt by its cause.
  public init(_ status: MosquittoStatus) {
    if status.code == Int32(MOSQ_ERR_EAI.rawValue) {
      self = .nameNotResolved
    } else if status.systemError == .connectionRefused {
      self = .connectionRefused
    } else if status.systemError == .networkUnreachable || status.systemError == .noRouteToHost {
      self = .unreachable(status)
    } else {
      self = .other(status)
    }
  }

  public var description: String {
    switch self {
    case .nameNotResolved: return "the host name does not resolve"
    case .connectionRefused: return "the host refused the connection"
    case .unreachable(let status): return "the network cannot reach the host (\(status))"
    case .other(let status): return "cannot connect (\(status))"
    }
  }
}
