import POSIXSupport
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Opens a serial port (a USB serial adapter, a CDC ACM device, a pty, or a symlink to one)
/// as an H4 transport to a controller, such as one running Zephyr's `hci_uart` sample.
public enum SerialPort {
  /// Opens the port, sets it to raw 8N1 at `baudRate`, and drops bytes left from before.
  ///
  /// - Parameters:
  ///   - path: the port, e.g. `/dev/ttyUSB0`, `/dev/ttyACM0` or `/dev/pts/3`.
  ///   - baudRate: one of ``supportedBaudRates``; ``defaultBaudRate`` when `nil`.
  ///   - flowControl: whether to use RTS/CTS hardware flow control. Off by default, as
  ///     many adapters do not wire RTS and CTS; Zephyr's `hci_uart` builds expect it on.
  ///   - name: what messages call the connection; `serial:PATH` when `nil`.
  ///
  /// The corresponding C functions are `open`, `tcgetattr`, `cfmakeraw`, `cfsetspeed`,
  /// `tcsetattr` and `tcflush`.
  public static func open(
    path: String, baudRate: Int? = nil, flowControl: Bool = false, name: String? = nil
  ) throws(SerialPortError) -> H4StreamConnection {
    let rate = baudRate ?? defaultBaudRate
    guard let speed = termiosSpeed(for: rate) else {
      throw SerialPortError(path: path, reason: .unsupportedBaudRate(rate))
    }
    let file: FileDescriptor
    do throws(Errno) {
      // O_NONBLOCK so that `open` does not wait for a modem's carrier; reads wait in `poll`.
      file = FileDescriptor(
        rawValue: try retryingOnInterrupt { () throws(Errno) in
          try valueOrErrno(openDevice(path, O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK))
        })
    } catch {
      throw SerialPortError(path: path, errno: error, operation: "open")
    }
    do throws(SerialPortError) {
      try configure(file, path: path, speed: speed, flowControl: flowControl)
    } catch {
      file.closeIgnoringErrors()
      throw error
    }
    return H4StreamConnection(adoptingDescriptor: file.rawValue, name: name ?? "serial:\(path)")
  }

  /// Raw mode, 8 data bits, no parity, 1 stop bit, the receiver on, modem lines ignored,
  /// no software flow control, RTS/CTS as asked; then blocking I/O and an empty input queue.
  private static func configure(
    _ file: FileDescriptor, path: String, speed: speed_t, flowControl: Bool
  ) throws(SerialPortError) {
    var settings = termios()
    do throws(Errno) {
      _ = try valueOrErrno(tcgetattr(file.rawValue, &settings))
    } catch {
      throw SerialPortError(path: path, errno: error, operation: "tcgetattr")
    }
    cfmakeraw(&settings)
    settings.c_cflag &= ~tcflag_t(CSIZE | PARENB | CSTOPB)
    settings.c_cflag |= tcflag_t(CS8 | CLOCAL | CREAD)
    settings.c_iflag &= ~tcflag_t(IXON | IXOFF | IXANY)
    if flowControl {
      settings.c_cflag |= tcflag_t(CRTSCTS)
    } else {
      settings.c_cflag &= ~tcflag_t(CRTSCTS)
    }
    withUnsafeMutableBytes(of: &settings.c_cc) { controlCharacters in
      controlCharacters[Int(VMIN)] = 1
      controlCharacters[Int(VTIME)] = 0
    }
    do throws(Errno) {
      _ = try valueOrErrno(cfsetspeed(&settings, speed))
    } catch {
      throw SerialPortError(path: path, errno: error, operation: "cfsetspeed")
    }
    do throws(Errno) {
      _ = try retryingOnInterrupt { () throws(Errno) in try valueOrErrno(tcsetattr(file.rawValue, TCSANOW, &settings)) }
      try file.setNonBlocking(false)
      _ = try retryingOnInterrupt { () throws(Errno) in try valueOrErrno(tcflush(file.rawValue, TCIOFLUSH)) }
    } catch {
      throw SerialPortError(path: path, errno: error, operation: "tcsetattr")
    }
  }
}

extension SerialPortError {
  init(path: String, errno: Errno, operation: String) {
    switch errno {
    case .noSuchFileOrDirectory, .noSuchAddressOrDevice, .operationNotSupportedByDevice:
      self.init(path: path, reason: .notFound)
    case .permissionDenied, .notPermitted: self.init(path: path, reason: .permissionDenied)
    case .resourceBusy: self.init(path: path, reason: .busy)
    case .inappropriateIOCTLForDevice: self.init(path: path, reason: .notASerialPort)
    default:
      self.init(
        path: path, reason: .systemError(operation: operation, errno: errno))
    }
  }
}

/// The C function `open`, under a name `SerialPort.open` does not shadow.
private func openDevice(_ path: String, _ flags: Int32) -> Int32 {
  open(path, flags)
}
