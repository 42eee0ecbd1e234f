import BluetoothTypes
import HCICodec
import HCITransportCore
import CBlueZShim
import Glibc

/// A POSIX error number (`errno`) returned by a system call.
public struct Errno: Error, RawRepresentable, Hashable, Sendable {
  public let rawValue: Int32

  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// The symbolic name, such as `EAFNOSUPPORT`, or `errno N` when the C library has none.
  ///
  /// The corresponding C function is `strerrorname_np` (glibc 2.32 and later).
  public var name: String {
    guard let name = cbz_errno_name(rawValue) else { return "errno \(rawValue)" }
    return String(cString: name)
  }

  /// The C library's message, such as "Address family not supported by protocol".
  ///
  /// The corresponding C function is `strerror`.
  public var message: String {
    guard let message = strerror(rawValue) else { return "unknown error \(rawValue)" }
    return String(cString: message)
  }
}

extension Errno: CustomStringConvertible {
  /// The name and the message: `EAFNOSUPPORT (Address family not supported by protocol)`.
  public var description: String { "\(name) (\(message))" }
}
