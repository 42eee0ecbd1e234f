import Glibc
import SystemPackage

// Opening files and asking their type, beyond swift-system's `FileDescriptor`: for the capture
// reader and the H4 stream transports.

extension FileDescriptor {
  /// Opens a file for reading; fails with `EISDIR` for a directory, which `open` alone allows.
  /// The corresponding C functions are `open` and `fstat`.
  package static func openForReading(_ path: String) throws(Errno) -> FileDescriptor {
    let file = try systemCall { try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec]) }
    if file.fileType == S_IFDIR {
      file.closeIgnoringErrors()
      throw .isDirectory
    }
    return file
  }

  /// The file's type bits (`S_IFDIR`, `S_IFSOCK`, …), 0 when `fstat` fails.
  /// The corresponding C function is `fstat`.
  package var fileType: mode_t {
    var status = Glibc.stat()
    return Glibc.fstat(rawValue, &status) == 0 ? status.st_mode & S_IFMT : 0
  }

  /// Whether the descriptor is a socket.
  package var isSocket: Bool { fileType == S_IFSOCK }
}

extension Errno {
  /// The C library's message, such as "Address family not supported by protocol".
  ///
  /// The corresponding C function is `strerror`.
  public var message: String {
    guard let message = strerror(rawValue) else { return "unknown error \(rawValue)" }
    return String(cString: message)
  }
}
