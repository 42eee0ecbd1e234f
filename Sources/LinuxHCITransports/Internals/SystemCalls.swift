import CBlueZShim
import Glibc
import POSIXSupport
import SystemPackage

// The transports' POSIX calls beyond what swift-system's `FileDescriptor` offers, retried on
// `EINTR` through POSIXSupport.

extension Errno {
  /// The symbolic name, such as `EAFNOSUPPORT`, or `errno N` when the C library has none.
  ///
  /// The corresponding C function is `strerrorname_np` (glibc 2.32 and later).
  public var name: String {
    guard let name = cbz_errno_name(rawValue) else { return "errno \(rawValue)" }
    return String(cString: name)
  }
}
