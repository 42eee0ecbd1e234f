import POSIXSupport
import SystemPackage

/// What one HTTP exchange's bytes go over: the TCP socket itself for `http://`
/// (``SocketStream``), TLS over it for `https://` (``TLSStream``). Each waits at most until the
/// exchange's deadline.
protocol HTTPByteStream {
  /// Sends all of `bytes`.
  func send(_ bytes: [UInt8]) throws(RealtimeFetchProblem)
  /// Reads what has come, up to `buffer.count` bytes, waiting for some until the deadline;
  /// returns how many, 0 at the end of the stream.
  func receive(into buffer: inout [UInt8]) throws(RealtimeFetchProblem) -> Int
}

/// Plain HTTP: the connected socket, blocking; reading waits until the deadline.
struct SocketStream: HTTPByteStream {
  let socket: FileDescriptor
  let deadline: ContinuousClock.Instant
  /// The time the exchange was given, which a ``RealtimeFetchProblem/timedOut(_:)`` states.
  let timeout: Duration

  func send(_ bytes: [UInt8]) throws(RealtimeFetchProblem) {
    do { try socket.sendAll(bytes) } catch { throw .io(error) }
  }

  func receive(into buffer: inout [UInt8]) throws(RealtimeFetchProblem) -> Int {
    let readable: Bool
    do { readable = try socket.waitUntilReadable(until: deadline) } catch { throw .io(error) }
    guard readable else { throw .timedOut(timeout) }
    do { return try socket.read(into: &buffer) } catch { throw .io(error) }
  }
}
