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

  /// Creates or truncates a file for writing, mode 0644. The corresponding C function is `open`.
  static func createForWriting(_ path: String) throws(Errno) -> FileDescriptor {
    try systemCall {
      try FileDescriptor.open(
        FilePath(path), .writeOnly, options: [.create, .truncate, .closeOnExec],
        permissions: [.ownerReadWrite, .groupRead, .otherRead])
    }
  }

  /// Reads up to `buffer.count` bytes; returns how many, 0 at end of file.
  /// The corresponding C function is `read`.
  func read(into buffer: inout [UInt8]) throws(Errno) -> Int {
    let result = buffer.withUnsafeMutableBytes { room in Result { () throws(Errno) in try readBytes(into: room) } }
    return try result.get()
  }

  /// Reads up to `buffer.count` bytes into `buffer`; returns how many, 0 at end of file.
  /// The corresponding C function is `read`.
  func readBytes(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    try systemCall { try read(into: buffer) }
  }

  /// Writes all of `bytes`, looping over partial writes. The corresponding C function is `write`.
  func writeAll(_ bytes: [UInt8]) throws(Errno) {
    _ = try systemCall { () throws -> Int in try writeAll(bytes) }
  }

  /// Sends all of `bytes` over a socket, looping over partial sends. A peer that has gone
  /// fails with `EPIPE` rather than killing the process with `SIGPIPE`.
  ///
  /// The corresponding C function is `send` with `MSG_NOSIGNAL`.
  func sendAll(_ bytes: [UInt8]) throws(Errno) {
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(Errno) in
        var sent = 0
        while sent < raw.count {
          sent += try retryingOnInterrupt { () throws(Errno) in
            try valueOrErrno(
              send(rawValue, raw.baseAddress.map { $0 + sent }, raw.count - sent, Int32(MSG_NOSIGNAL)))
          }
        }
      }
    }
    try result.get()
  }

  /// Waits until the descriptor has bytes to read, has hung up, or is in error, at most until
  /// `deadline` (`nil`: without limit); returns whether any of those happened. A signal does
  /// not cut the wait short. The corresponding C function is `poll`.
  func waitUntilReadable(until deadline: ContinuousClock.Instant?) throws(Errno) -> Bool {
    try waitRetryingOnInterrupt(until: deadline) { milliseconds throws(Errno) in
      try poll(for: Int16(POLLIN), milliseconds: milliseconds)
    }
  }

  /// Waits until the descriptor can be written, as a connecting socket becomes once the
  /// connection is made or has failed. The corresponding C function is `poll`.
  func waitUntilWritable(until deadline: ContinuousClock.Instant?) throws(Errno) -> Bool {
    try waitRetryingOnInterrupt(until: deadline) { milliseconds throws(Errno) in
      try poll(for: Int16(POLLOUT), milliseconds: milliseconds)
    }
  }

  private func poll(for events: Int16, milliseconds: Int32) throws(Errno) -> Bool {
    var entry = pollfd(fd: rawValue, events: events, revents: 0)
    return try valueOrErrno(Glibc.poll(&entry, 1, milliseconds)) > 0
  }

  /// The file's type bits (`S_IFDIR`, `S_IFSOCK`, …), 0 when `fstat` fails.
  /// The corresponding C function is `fstat`.
  var fileType: mode_t {
    var status = Glibc.stat()
    return Glibc.fstat(rawValue, &status) == 0 ? status.st_mode & S_IFMT : 0
  }

  /// Whether the descriptor is a socket.
  var isSocket: Bool { fileType == S_IFSOCK }

  /// Turns `O_NONBLOCK` on or off. The corresponding C function is `fcntl` (`F_GETFL`,
  /// `F_SETFL`).
  func setNonBlocking(_ nonBlocking: Bool) throws(Errno) {
    let flags = try retryingOnInterrupt { () throws(Errno) in try valueOrErrno(fcntl(rawValue, F_GETFL)) }
    let wanted = nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
    guard wanted != flags else { return }
    _ = try retryingOnInterrupt { () throws(Errno) in try valueOrErrno(fcntl(rawValue, F_SETFL, wanted)) }
  }

  /// Closes the descriptor; its errors are ignored, as the descriptor is released either way
  /// on Linux. The corresponding C function is `close`.
  func closeIgnoringErrors() {
    try? close()
  }
}
