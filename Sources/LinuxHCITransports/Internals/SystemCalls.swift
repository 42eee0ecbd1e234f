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

  /// The C library's message, such as "Address family not supported by protocol".
  ///
  /// The corresponding C function is `strerror`.
  public var message: String {
    guard let message = strerror(rawValue) else { return "unknown error \(rawValue)" }
    return String(cString: message)
  }
}

extension FileDescriptor {
  /// Opens a file for reading; fails with `EISDIR` for a directory, which `open` alone allows.
  /// The corresponding C functions are `open` and `fstat`.
  static func openForReading(_ path: String) throws(Errno) -> FileDescriptor {
    let file = try systemCall { try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec]) }
    if file.fileType == S_IFDIR {
      file.closeIgnoringErrors()
      throw .isDirectory
    }
    return file
  }

  /// The file's type bits (`S_IFDIR`, `S_IFSOCK`, …), 0 when `fstat` fails.
  /// The corresponding C function is `fstat`.
  var fileType: mode_t {
    var status = Glibc.stat()
    return Glibc.fstat(rawValue, &status) == 0 ? status.st_mode & S_IFMT : 0
  }

  /// Whether the descriptor is a socket.
  var isSocket: Bool { fileType == S_IFSOCK }

}
