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
  /// The bytes are not H4: `received` is what came instead (up to 32 bytes from the bad one),
  /// `overSocket` whether the stream is a socket (TCP) rather than a serial line or a pty.
  case notH4(connection: String, H4FramingError, received: [UInt8], overSocket: Bool)
  /// The connection was used after it was closed here.
  case closedHere(connection: String)
  /// Another system call failed while `operation` (`sending`, `waiting for`, `reading from`).
  case systemCall(connection: String, operation: String, errno: Errno)

  /// `bytes` quoted when they read as a line of text (a web server's `HTTP/1.1 400`, a modem's
  /// `AT`), up to the first line break; `nil` when they do not.
  private static func quotedText(_ bytes: [UInt8]) -> String? {
    let line = bytes.prefix { $0 != 0x0D && $0 != 0x0A }
    guard line.count >= 2, line.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
    return "\"" + String(decoding: line, as: UTF8.self) + (line.count == bytes.count && bytes.count >= 32 ? "…" : "")
      + "\""
  }

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
    case .notH4(let connection, let error, let received, let overSocket):
      let text = Self.quotedText(received).map { "; it sent text (\($0)), so it is not an HCI controller" } ?? ""
      let advice =
        overSocket
        ? "check that the address is an HCI bridge or an emulator speaking H4 (such as Bumble's tcp-server), "
          + "not another service"
        : "check the baud rate and flow control (RTS/CTS), that the other end speaks H4 and not H5 (three-wire), "
          + "and that no other program reads the port"
      return "\(connection): \(error)\(text); \(advice); then open the transport again"
    case .closedHere(let connection):
      return "\(connection) is closed; open the transport again to use it"
    case .systemCall(let connection, let operation, let errno):
      return "\(connection): failed \(operation) the controller: \(errno.name): \(errno.message)"
    }
  }
}
