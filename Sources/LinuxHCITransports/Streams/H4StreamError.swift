import HCITransportCore
import SystemPackage

/// A system call on an H4 byte stream failed, other than the ones that mean the controller has
/// gone (those close the connection).
public struct H4StreamError: TransportFailure, Hashable {
  /// The transport, e.g. `serial:/dev/ttyUSB0`.
  public var connection: String
  /// What was being done, completing "failed … the controller": `sending`, `reading from`.
  public var operation: String
  public var errno: Errno

  public var description: String {
    "\(connection): failed \(operation) the controller: \(errno.name): \(errno.message)"
  }
}
