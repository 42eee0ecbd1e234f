import HCICodec
import HCITransportCore
import SystemPackage

/// What went wrong on an H4 byte stream (a serial port, a TCP connection, a pty); each case's
/// text names the transport and says what to do.
public enum H4StreamError: TransportFailure, Hashable {
  /// The other side has gone: the end of the stream (`errno` `nil`), or a reset connection, a
  /// broken pipe, `EIO` (a serial adapter unplugged, a pty whose other side closed), `ENXIO`,
  /// `ENODEV`.
  case controllerGone(connection: String, errno: Errno?)
  /// A packet was begun and not finished within `timeout`: a controller that hung mid-packet,
  /// or a stream that lost bytes.
  case stalled(connection: String, bufferedBytes: Int, streamOffset: Int, timeout: Duration)
  /// The bytes are not H4.
  case notH4(connection: String, H4FramingError)
  /// The connection was used after it was closed here.
  case closedHere(connection: String)
  /// Another system call failed while `operation` (`sending`, `waiting for`, `reading from`).
  case systemCall(connection: String, operation: String, errno: Errno)

  private static let reconnectAdvice =
    "Check that the adapter is still plugged in or the emulator still running, then open the transport again"

  public var description: String {
    switch self {
    case .controllerGone(let connection, nil):
      return "\(connection): the controller went away (end of stream). \(Self.reconnectAdvice)"
    case .controllerGone(let connection, let errno?):
      return "\(connection): the controller went away (\(errno.name): \(errno.message)). \(Self.reconnectAdvice)"
    case .stalled(let connection, let bufferedBytes, let streamOffset, let timeout):
      return "\(connection): the controller sent \(bufferedBytes) byte(s) of a packet (from stream offset "
        + "\(streamOffset)) and then nothing for \(timeout.spokenDescription): it has hung "
        + "or the H4 stream lost bytes. Reset or replug the controller, then open the transport again"
    case .notH4(let connection, let error):
      return "\(connection): \(error)"
    case .closedHere(let connection):
      return "\(connection) is closed; open the transport again to use it"
    case .systemCall(let connection, let operation, let errno):
      return "\(connection): failed \(operation) the controller: \(errno.name): \(errno.message)"
    }
  }
}
