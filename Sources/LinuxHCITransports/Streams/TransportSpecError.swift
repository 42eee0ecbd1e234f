/// Why a string does not name a transport; the description says what was wrong and shows
/// the forms that work.
public enum TransportSpecError: Error, Hashable, Sendable {
  /// Nothing was given.
  case empty
  /// The text before the first `:` is no known scheme, or the text is no device name.
  case unknownScheme(String)
  /// `hciN` or `N` with a number out of range (65535 and above).
  case deviceOutOfRange(String)
  /// `serial:` or `replay:` without a path.
  case missingPath(scheme: String)
  /// A serial option that is neither a baud rate nor `rtscts`.
  case unknownSerialOption(String)
  /// A baud rate Linux has no constant for, as written.
  case unsupportedBaudRate(String)
  /// More than one baud rate.
  case duplicateBaudRate(String)
  /// `tcp:` without a host.
  case missingHost(String)
  /// `tcp:HOST` without `:PORT`.
  case missingPort(String)
  /// A port that is not a number from 1 to 65535.
  case badPort(String)
  /// An IPv6 address without brackets, so its colons cannot be told from the port's.
  case ipv6NeedsBrackets(String)
  /// `monitor:` followed by no device name.
  case badMonitorDevice(String)
}

extension TransportSpecError: CustomStringConvertible {
  /// The forms a transport may take, with examples, for error messages and help text.
  public static let knownForms =
    "hciN or N (kernel device, e.g. hci0), monitor[:hciN] (listen on the kernel's HCI monitor channel), serial:PATH[,BAUD][,rtscts] (e.g. serial:/dev/ttyUSB0,1000000), "
    + "tcp:HOST:PORT (e.g. tcp:127.0.0.1:9000 or tcp:[::1]:9000), replay:FILE (e.g. replay:scan.btsnoop)"

  public var description: String {
    switch self {
    case .empty:
      return "no transport given; use one of: \(Self.knownForms)"
    case .unknownScheme(let text):
      return "'\(text)' is not a transport; use one of: \(Self.knownForms)"
    case .deviceOutOfRange(let text):
      return "'\(text)' is out of range: device numbers go from 0 to 65534 (list them with `hciconfig`)"
    case .missingPath(let scheme):
      let example = scheme == "serial" ? "serial:/dev/ttyUSB0" : "replay:scan.btsnoop"
      return "\(scheme): needs a path after the colon, e.g. \(example)"
    case .unknownSerialOption(let option):
      return "'\(option)' is not a serial option: after the path come a baud rate (e.g. 1000000) "
        + "and/or rtscts, separated by commas, e.g. serial:/dev/ttyACM0,115200,rtscts"
    case .unsupportedBaudRate(let rate):
      return "baud rate '\(rate)' is not supported; use one of "
        + SerialPort.supportedBaudRates.map(String.init).joined(separator: ", ")
        + " (the default is \(SerialPort.defaultBaudRate))"
    case .duplicateBaudRate(let text):
      return "'\(text)' gives more than one baud rate; give one, e.g. serial:/dev/ttyUSB0,1000000"
    case .missingHost(let text):
      return "'\(text)' has no host; write tcp:HOST:PORT, e.g. tcp:127.0.0.1:9000"
    case .missingPort(let text):
      return "'\(text)' has no port; write tcp:HOST:PORT, e.g. tcp:127.0.0.1:9000"
    case .badPort(let port):
      return "'\(port)' is not a TCP port: a port is a number from 1 to 65535, e.g. tcp:127.0.0.1:9000"
    case .ipv6NeedsBrackets(let host):
      return "put the IPv6 address '\(host)' in brackets so that its colons are not read as the port's: "
        + "tcp:[\(host)]:PORT, e.g. tcp:[::1]:9000"
    case .badMonitorDevice(let text):
      return "'\(text)' is not a monitored device: write monitor for every controller, or monitor:hciN "
        + "for one, e.g. monitor:hci0"
    }
  }
}
