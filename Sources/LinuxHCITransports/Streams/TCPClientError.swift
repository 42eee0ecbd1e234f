import BluetoothTypes
import HCITransportCore
import POSIXSupport
import SystemPackage

/// Why a TCP connection to an H4 controller (an emulator, a bridge such as Bumble's, or a
/// board's network HCI) could not be made; the description names the address and what to do.
public struct TCPClientError: TransportFailure, Hashable {
  /// The host, as the caller named it.
  public var host: String
  public var port: UInt16
  public var reason: Reason

  public init(host: String, port: UInt16, reason: Reason) {
    self.host = host
    self.port = port
    self.reason = reason
  }

  /// Why the connection failed (POSIXSupport's, shared with every TCP client).
  public typealias Reason = TCPConnectFailure

  /// `HOST:PORT`, with an IPv6 address in brackets.
  var address: String { TCPConnector.displayAddress(host: host, port: port) }
}

extension TCPClientError {
  /// The category a caller acts on, with this error inside: nothing to connect to is an
  /// unavailable controller.
  public var connectionError: HCIConnectionError {
    switch reason {
    case .unresolvable, .refused, .timedOut: return .unavailable(self)
    case .systemError: return .failed(self)
    }
  }
}

extension TCPClientError: CustomStringConvertible {
  public var description: String {
    switch reason {
    case .unresolvable(let message):
      return "\(host): cannot resolve this host name (\(message)). "
        + "Check the spelling, or give an address such as tcp:127.0.0.1:\(port)"
    case .refused:
      return "nothing listens on \(address) (connection refused). Start the controller emulator or HCI bridge "
        + "that should serve H4 there, check the port, then try again"
    case .timedOut(let timeout):
      return "\(address) did not answer within \(timeout). "
        + "Check that the host is reachable and that no firewall drops the connection"
    case .systemError(let operation, let errno):
      return "\(address): \(operation) failed: \(errno.name): \(errno.message)"
    }
  }
}
