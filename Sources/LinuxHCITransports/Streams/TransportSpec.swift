import HCICaptures
import HCITransportCore
import POSIXSupport

/// Which controller to talk to, as people write it on a command line (in the manner of
/// Bumble's transport names: `<scheme>:<parameters>`).
///
/// Parsing is separate from opening: ``init(parsing:)`` only reads the text, ``open(exclusive:)``
/// opens the transport it names.
///
/// | Text                                | Spec                                                    |
/// |-------------------------------------|---------------------------------------------------------|
/// | `hci0`, `0`                         | ``kernel(device:)``                                     |
/// | `monitor`, `monitor:hci0`           | ``monitor(device:)``: every controller, or one          |
/// | `serial:/dev/ttyUSB0`               | ``serial(path:baudRate:flowControl:)``, default rate    |
/// | `serial:/dev/ttyUSB0,1000000`       | … at 1000000 baud                                       |
/// | `serial:/dev/ttyACM0,115200,rtscts` | … with RTS/CTS flow control                             |
/// | `tcp:127.0.0.1:9000`, `tcp:[::1]:9000`, `tcp:localhost:9000` | ``tcp(host:port:)``            |
/// | `replay:FILE`                       | ``replay(path:)``                                       |
public enum TransportSpec: Hashable, Sendable {
  /// A kernel HCI device, the N of `hciN`.
  case kernel(device: HCIDeviceIndex)
  /// The kernel's HCI monitor channel, listening to one controller or (`nil`) every one.
  case monitor(device: HCIDeviceIndex?)
  /// H4 over a serial port; `baudRate` `nil` means ``SerialPort/defaultBaudRate``.
  case serial(path: String, baudRate: Int?, flowControl: Bool)
  /// H4 over TCP; `host` is a name or an address, IPv6 without brackets.
  case tcp(host: String, port: UInt16)
  /// A capture file replayed as if a controller sent it.
  case replay(path: String)

  /// The schemes, with their grammar, for help text.
  public static let knownForms = TransportSpecError.knownForms

  /// Reads a transport as people write it; see the table above.
  public init(parsing text: String) throws(TransportSpecError) {
    guard !text.isEmpty else { throw .empty }
    if text == "monitor" {
      self = .monitor(device: nil)
      return
    }
    guard let colon = text.firstIndex(of: ":") else {
      do throws(HCIDeviceIndexParseError) {
        self = .kernel(device: try HCIDeviceIndex(parsing: text))
      } catch {
        switch error {
        case .empty, .notADeviceName: throw .unknownScheme(text)
        case .outOfRange: throw .deviceOutOfRange(text)
        }
      }
      return
    }
    let scheme = text[..<colon]
    let rest = String(text[text.index(after: colon)...])
    switch scheme {
    case "serial": self = try Self.parseSerial(rest)
    case "tcp": self = try Self.parseTCP(rest, text: text)
    case "monitor":
      do throws(HCIDeviceIndexParseError) {
        self = .monitor(device: try HCIDeviceIndex(parsing: rest))
      } catch {
        throw .badMonitorDevice(text)
      }
    case "replay":
      guard !rest.isEmpty else { throw .missingPath(scheme: "replay") }
      self = .replay(path: rest)
    default: throw .unknownScheme(text)
    }
  }

  private static func parseSerial(_ rest: String) throws(TransportSpecError) -> TransportSpec {
    let parts = rest.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard let path = parts.first, !path.isEmpty else { throw .missingPath(scheme: "serial") }
    var baudRate: Int?
    var flowControl = false
    for option in parts.dropFirst() {
      if option == "rtscts" {
        flowControl = true
      } else if !option.isEmpty, option.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
        guard baudRate == nil else { throw .duplicateBaudRate("serial:" + rest) }
        guard let rate = Int(option), SerialPort.termiosSpeed(for: rate) != nil else {
          throw .unsupportedBaudRate(option)
        }
        baudRate = rate
      } else {
        throw .unknownSerialOption(option)
      }
    }
    return .serial(path: path, baudRate: baudRate, flowControl: flowControl)
  }

  private static func parseTCP(_ rest: String, text: String) throws(TransportSpecError) -> TransportSpec {
    do throws(HostAndPortError) {
      let address = try HostAndPort(parsing: Substring(rest), defaultPort: nil)
      return .tcp(host: address.host, port: address.port)
    } catch {
      switch error {
      case .missingHost: throw .missingHost(text)
      case .missingPort: throw .missingPort(text)
      case .badPort(let port): throw .badPort(port)
      case .ipv6NeedsBrackets(let host): throw .ipv6NeedsBrackets(host)
      }
    }
  }
}

extension TransportSpec: CustomStringConvertible {
  /// The canonical text, which ``init(parsing:)`` reads back to the same spec: `hci0`,
  /// `monitor:hci0`, `serial:/dev/ttyUSB0,1000000,rtscts`, `tcp:[::1]:9000`, `replay:FILE`.
  public var description: String {
    switch self {
    case .kernel(let device):
      return device.description
    case .monitor(let device):
      return device.map { "monitor:\($0)" } ?? "monitor"
    case .serial(let path, let baudRate, let flowControl):
      var text = "serial:\(path)"
      if let baudRate { text += ",\(baudRate)" }
      if flowControl { text += ",rtscts" }
      return text
    case .tcp(let host, let port):
      return host.contains(":") ? "tcp:[\(host)]:\(port)" : "tcp:\(host):\(port)"
    case .replay(let path):
      return "replay:\(path)"
    }
  }
}

extension TransportSpec {
  /// Opens the transport this names: the kernel socket (``KernelHCIConnection``), its monitor
  /// channel (``MonitorHCIConnection``), a serial port
  /// (``SerialPort``), a TCP connection (``TCPClient``) or a capture (``CaptureReplayConnection``).
  ///
  /// - Parameter exclusive: for a kernel device, the user channel instead of the raw channel.
  /// - Throws: the transport's own error, in the category a caller acts on
  ///   (``HCIConnectionError/notAuthorized(_:)``, ``HCIConnectionError/unavailable(_:)``, …).
  public func open(exclusive: Bool = false) throws(HCIConnectionError) -> any HCIConnection {
    switch self {
    case .kernel(let device):
      return try KernelHCIConnection.open(device: device, exclusive: exclusive)
    case .monitor(let device):
      return try MonitorHCIConnection.open(device: device)
    case .serial(let path, let baudRate, let flowControl):
      do throws(SerialPortError) {
        return try SerialPort.open(path: path, baudRate: baudRate, flowControl: flowControl, name: description)
      } catch {
        throw error.connectionError
      }
    case .tcp(let host, let port):
      do throws(TCPClientError) {
        return try TCPClient.connect(host: host, port: port, name: description)
      } catch {
        throw error.connectionError
      }
    case .replay(let path):
      do throws(CaptureFileError) {
        return try CaptureReplayConnection(path: path)
      } catch {
        throw .failed(error)
      }
    }
  }

  /// How the connection this names paces its packets (``HCIConnection/pacing``), known before it
  /// is opened: a capture's are recorded, every controller's live.
  public var pacing: HCIConnectionPacing {
    if case .replay = self { return .recorded }
    return .live
  }

  /// How messages name the source: the capture's path (or `standard input`), or the device.
  public var messageName: String {
    if case .replay(let path) = self { return CaptureReplayConnection.messageName(forPath: path) }
    return description
  }

  /// Whether this only listens to what a controller sends (the monitor channel, a capture): it
  /// can neither scan nor advertise itself.
  public var onlyListens: Bool {
    switch self {
    case .monitor, .replay: return true
    case .kernel, .serial, .tcp: return false
    }
  }
}
