import Glibc
import SystemPackage

// Descriptor operations beyond swift-system's `FileDescriptor`, for every target that does
// POSIX I/O (the HCI transports, the gpsd client): one copy of each, retried on `EINTR` through
// ``retryingOnInterrupt(_:)``.

extension FileDescriptor {
  /// Reads up to `buffer.count` bytes; returns how many, 0 at end of file.
  /// The corresponding C function is `read`.
  package func read(into buffer: inout [UInt8]) throws(Errno) -> Int {
    let result = buffer.withUnsafeMutableBytes { room in Result { () throws(Errno) in try readBytes(into: room) } }
    return try result.get()
  }

  /// Reads up to `buffer.count` bytes into `buffer`; returns how many, 0 at end of file.
  /// The corresponding C function is `read`.
  package func readBytes(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    try systemCall { try read(into: buffer) }
  }

  /// Writes all of `bytes`, looping over partial writes. The corresponding C function is `write`.
  package func writeAll(_ bytes: [UInt8]) throws(Errno) {
    _ = try systemCall { () throws -> Int in try writeAll(bytes) }
  }

  /// Sends all of `bytes` over a socket, looping over partial sends. A peer that has gone
  /// fails with `EPIPE` rather than killing the process with `SIGPIPE`.
  ///
  /// The corresponding C function is `send` with `MSG_NOSIGNAL`.
  package func sendAll(_ bytes: [UInt8]) throws(Errno) {
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
  package func waitUntilReadable(until deadline: ContinuousClock.Instant?) throws(Errno) -> Bool {
    try waitRetryingOnInterrupt(until: deadline) { milliseconds throws(Errno) in
      try poll(for: Int16(POLLIN), milliseconds: milliseconds)
    }
  }

  /// Waits until the descriptor can be written, as a connecting socket becomes once the
  /// connection is made or has failed. The corresponding C function is `poll`.
  package func waitUntilWritable(until deadline: ContinuousClock.Instant?) throws(Errno) -> Bool {
    try waitRetryingOnInterrupt(until: deadline) { milliseconds throws(Errno) in
      try poll(for: Int16(POLLOUT), milliseconds: milliseconds)
    }
  }

  private func poll(for events: Int16, milliseconds: Int32) throws(Errno) -> Bool {
    var entry = pollfd(fd: rawValue, events: events, revents: 0)
    return try valueOrErrno(Glibc.poll(&entry, 1, milliseconds)) > 0
  }

  /// Turns `O_NONBLOCK` on or off. The corresponding C function is `fcntl` (`F_GETFL`,
  /// `F_SETFL`).
  package func setNonBlocking(_ nonBlocking: Bool) throws(Errno) {
    let flags = try retryingOnInterrupt { () throws(Errno) in try valueOrErrno(fcntl(rawValue, F_GETFL)) }
    let wanted = nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
    guard wanted != flags else { return }
    _ = try retryingOnInterrupt { () throws(Errno) in try valueOrErrno(fcntl(rawValue, F_SETFL, wanted)) }
  }

  /// Closes the descriptor; its errors are ignored, as the descriptor is released either way
  /// on Linux. The corresponding C function is `close`.
  package func closeIgnoringErrors() {
    try? close()
  }
}
