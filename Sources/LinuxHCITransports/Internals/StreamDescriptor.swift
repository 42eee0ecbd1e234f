import BluetoothTypes
import HCICodec
import HCITransportCore
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The system calls a byte-stream transport makes on its descriptor (a tty, a pty or a
/// socket), beyond `POSIXFile`'s `read`.
extension POSIXFile {
  /// Waits until the descriptor has bytes to read, has hung up, or is in error, for at most
  /// `timeoutMilliseconds` (-1: without limit); returns whether any of those happened.
  ///
  /// `EINTR` is thrown, not retried, so that the caller can wait again for only the time
  /// that is left. The corresponding C function is `poll`.
  func waitUntilReadable(timeoutMilliseconds: Int32) throws(Errno) -> Bool {
    try wait(for: Int16(POLLIN), timeoutMilliseconds: timeoutMilliseconds)
  }

  /// Waits until the descriptor can be written, as a connecting socket becomes once the
  /// connection is made or has failed. `EINTR` is thrown, not retried.
  /// The corresponding C function is `poll`.
  func waitUntilWritable(timeoutMilliseconds: Int32) throws(Errno) -> Bool {
    try wait(for: Int16(POLLOUT), timeoutMilliseconds: timeoutMilliseconds)
  }

  private func wait(for events: Int16, timeoutMilliseconds: Int32) throws(Errno) -> Bool {
    var entry = pollfd(fd: descriptor, events: events, revents: 0)
    let ready = poll(&entry, 1, timeoutMilliseconds)
    if ready < 0 { throw Errno.current }
    return ready > 0
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
          sent += try retryingOnInterrupt {
            send(descriptor, raw.baseAddress.map { $0 + sent }, raw.count - sent, Int32(MSG_NOSIGNAL))
          }
        }
      }
    }
    try result.get()
  }

  /// Whether the descriptor is a socket. The corresponding C function is `fstat`.
  var isSocket: Bool {
    var status = stat()
    return fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
  }

  /// Turns `O_NONBLOCK` on or off. The corresponding C function is `fcntl` (`F_GETFL`,
  /// `F_SETFL`).
  func setNonBlocking(_ nonBlocking: Bool) throws(Errno) {
    let flags = try retryingOnInterrupt { fcntl(descriptor, F_GETFL) }
    let wanted = nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
    guard wanted != flags else { return }
    _ = try retryingOnInterrupt { fcntl(descriptor, F_SETFL, wanted) }
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
