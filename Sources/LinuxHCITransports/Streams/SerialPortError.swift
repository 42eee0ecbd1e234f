import HCITransportCore
import SystemPackage

/// Why a serial port could not be opened as an H4 transport; the description names the port
/// and what to do.
public struct SerialPortError: TransportFailure, Hashable {
  /// The port, as the caller named it.
  public var path: String
  public var reason: Reason

  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  public enum Reason: Hashable, Sendable {
    /// There is no such file (`ENOENT`).
    case notFound
    /// The process may not open it (`EACCES`, `EPERM`).
    case permissionDenied
    /// Another program holds it (`EBUSY`).
    case busy
    /// The file is not a terminal (`ENOTTY` from `tcgetattr`).
    case notASerialPort
    /// Linux has no standard constant for this rate.
    case unsupportedBaudRate(Int)
    /// Another failure of a system call: which one, and its `errno`.
    case systemError(operation: String, errno: Errno)
  }
}

extension SerialPortError {
  /// The category a caller acts on, with this error inside.
  public var connectionError: HCIConnectionError {
    switch reason {
    case .notFound: return .unavailable(self)
    case .permissionDenied: return .notAuthorized(self)
    case .busy, .notASerialPort, .unsupportedBaudRate, .systemError: return .failed(self)
    }
  }
}

extension SerialPortError: CustomStringConvertible {
  public var description: String {
    switch reason {
    case .notFound:
      return "\(path): no such serial port. Is the adapter plugged in? "
        + "List the ports with `ls /dev/ttyUSB* /dev/ttyACM* /dev/serial/by-id/`"
    case .permissionDenied:
      return "\(path): permission denied. Add yourself to the port's group "
        + "(`sudo usermod -aG dialout $USER`, then log in again) or check `ls -l \(path)`"
    case .busy:
      return "\(path) is busy: another program holds it. "
        + "Stop it (a terminal program, ModemManager, `btattach` or `hciattach`) and try again"
    case .notASerialPort:
      return "\(path) is not a serial port (no terminal settings). "
        + "Give a tty such as /dev/ttyUSB0 or /dev/ttyACM0, or use `replay:\(path)` for a capture file"
    case .unsupportedBaudRate(let rate):
      return "\(rate) is not a baud rate this transport can set; use one of "
        + SerialPort.supportedBaudRates.map(String.init).joined(separator: ", ")
        + " (the default is \(SerialPort.defaultBaudRate))"
    case .systemError(let operation, let errno):
      return "\(path): \(operation) failed: \(errno.name): \(errno.message)"
    }
  }
}
