import CBlueZShim
import Glibc
import SystemPackage

// The transports' POSIX calls beyond what swift-system's `FileDescriptor` offers, and the one
// place that knows about `EINTR`: everything else calls ``retryingOnInterrupt(_:)`` or
// ``waitRetryingOnInterrupt(until:_:)``. swift-system's own `open`, `read` and `write` already
// retry on `EINTR`.

/// Calls `body` again for as long as it fails with `EINTR` (a signal arrived mid-call).
///
/// Not for `close`: on Linux the descriptor is released even when `close` reports `EINTR`,
/// so retrying could close a descriptor another thread has just been given.
func retryingOnInterrupt<Result>(_ body: () throws(Errno) -> Result) throws(Errno) -> Result {
  while true {
    do throws(Errno) {
      return try body()
    } catch where error == .interrupted {
      continue
    }
  }
}

/// Waits with `wait` (given the milliseconds left, -1 for no limit, as `poll` takes them)
/// until it reports readiness or `deadline` passes; a signal resumes the wait for the time that
/// is left, and so does a `poll` that returns early. Returns whether it became ready.
func waitRetryingOnInterrupt(
  until deadline: ContinuousClock.Instant?, _ wait: (Int32) throws(Errno) -> Bool
) throws(Errno) -> Bool {
  let clock = ContinuousClock()
  while true {
    let milliseconds = deadline.map { pollMilliseconds(until: $0, clock: clock) } ?? -1
    do throws(Errno) {
      if try wait(milliseconds) { return true }
    } catch where error == .interrupted {
      continue
    }
    if let deadline, clock.now >= deadline { return false }
  }
}

/// The whole milliseconds from now to `deadline`, rounded up, as `poll` takes them; 0 once it
/// has passed.
func pollMilliseconds(until deadline: ContinuousClock.Instant, clock: ContinuousClock) -> Int32 {
  let remaining = clock.now.duration(to: deadline)
  guard remaining > .zero else { return 0 }
  let (seconds, attoseconds) = remaining.components
  let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
  return Int32(clamping: milliseconds)
}

/// A C call's result, or the `errno` it left when it returned -1. Read `errno` nowhere else.
func valueOrErrno<Result: BinaryInteger>(_ result: Result) throws(Errno) -> Result {
  guard result >= 0 else { throw Errno(rawValue: Glibc.errno) }
  return result
}

/// Runs one of swift-system's calls, whose errors are untyped but always `Errno`.
func systemCall<Result>(_ body: () throws -> Result) throws(Errno) -> Result {
  do {
    return try body()
  } catch let error as Errno {
    throw error
  } catch {
    throw Errno.ioError
  }
}

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
    try systemCall { try buffer.withUnsafeMutableBytes { try read(into: $0) } }
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

  /// Starts connecting a non-blocking socket; returns `true` when the connection is made at
  /// once, `false` when it is under way (`EINPROGRESS`, or `EINTR`, after which it goes on in
  /// the background). The corresponding C function is `connect`.
  func startConnecting(to address: UnsafeMutablePointer<sockaddr>?, length: socklen_t) throws(Errno) -> Bool {
    guard Glibc.connect(rawValue, address, length) != 0 else { return true }
    let error = Errno(rawValue: Glibc.errno)
    guard error == .nowInProgress || error == .interrupted else { throw error }
    return false
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
