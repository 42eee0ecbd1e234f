import POSIXSupport

/// Where an MQTT broker listens: `mqtt://HOST[:PORT]` (plain TCP, port 1883 by default) or
/// `mqtts://HOST[:PORT]` (TLS, port 8883 by default).
public struct MQTTBroker: Hashable, Sendable, CustomStringConvertible {
  /// Plain TCP or TLS.
  public enum Scheme: String, Hashable, Sendable {
    case mqtt
    case mqtts

    /// The IANA-registered port: 1883, or 8883 with TLS.
    public var defaultPort: UInt16 { self == .mqtt ? 1883 : 8883 }
  }

  public var scheme: Scheme
  /// A name or an address; an IPv6 address without brackets.
  public var host: String
  public var port: UInt16

  public init(scheme: Scheme, host: String, port: UInt16? = nil) {
    self.scheme = scheme
    self.host = host
    self.port = port ?? scheme.defaultPort
  }

  /// Reads `mqtt://HOST`, `mqtt://HOST:PORT`, `mqtts://[IPV6]:PORT` and the like. A trailing `/`
  /// is allowed; a path, a query or user information is not (credentials never go on a command
  /// line, where every user of the machine can read them).
  public init(parsing url: String) throws(MQTTBrokerError) {
    guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else { throw .notAURL(url) }
    let schemeText = url[..<colon].lowercased()
    guard let scheme = Scheme(rawValue: schemeText) else { throw .unknownScheme(url, scheme: schemeText) }
    var rest = url[url.index(colon, offsetBy: 3)...]
    if rest.hasSuffix("/") { rest = rest.dropLast() }
    if rest.contains("@") { throw .credentialsInURL(url) }
    if rest.contains("/") || rest.contains("?") || rest.contains("#") { throw .hasPath(url) }
    do throws(HostAndPortError) {
      let address = try HostAndPort(parsing: rest, defaultPort: scheme.defaultPort)
      self.init(scheme: scheme, host: address.host, port: address.port)
    } catch {
      switch error {
      case .missingHost, .missingPort, .ipv6NeedsBrackets: throw .missingHost(url)
      case .badPort(let port): throw .badPort(url, port: port)
      }
    }
  }

  /// Whether the connection is encrypted.
  public var usesTLS: Bool { scheme == .mqtts }

  /// `mqtt://HOST:PORT`, an IPv6 address in brackets.
  public var description: String {
    "\(scheme.rawValue)://\(TCPConnector.displayAddress(host: host, port: port))"
  }
}

/// Why an `--mqtt` URL cannot be used; each says what would be read.
public enum MQTTBrokerError: Error, Hashable, Sendable, CustomStringConvertible {
  case notAURL(String)
  case unknownScheme(String, scheme: String)
  case credentialsInURL(String)
  case hasPath(String)
  case missingHost(String)
  case badPort(String, port: String)

  public var description: String {
    switch self {
    case .notAURL(let url):
      return "'\(url)' is not a broker URL: write mqtt://HOST[:PORT] or mqtts://HOST[:PORT]"
    case .unknownScheme(let url, let scheme):
      return "'\(url)': unknown scheme '\(scheme)': use mqtt:// (TCP, port 1883) or mqtts:// (TLS, port 8883)"
    case .credentialsInURL(let url):
      return "'\(url)': credentials do not go on the command line, where any user can read them: "
        + "put USER:PASSWORD in a file for --mqtt-credentials, or set BEACON_MQTT_USERNAME and BEACON_MQTT_PASSWORD"
    case .hasPath(let url):
      return "'\(url)': a broker URL has no path or query: mqtt://HOST[:PORT]"
    case .missingHost(let url):
      return "'\(url)' names no host: mqtt://HOST[:PORT], an IPv6 address in brackets"
    case .badPort(let url, let port):
      return "'\(url)': '\(port)' is not a TCP port (1–65535)"
    }
  }
}
