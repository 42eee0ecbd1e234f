import POSIXSupport

/// Where gpsd listens: `HOST:PORT`, by default gpsd's own `127.0.0.1:2947`.
public struct GPSDEndpoint: Hashable, Sendable, CustomStringConvertible {
  /// gpsd's registered port.
  public static let defaultPort: UInt16 = 2947
  /// gpsd on this machine.
  public static let local = GPSDEndpoint(host: "127.0.0.1", port: defaultPort)

  /// A name or an address; an IPv6 address without brackets.
  public var host: String
  public var port: UInt16

  public init(host: String, port: UInt16 = GPSDEndpoint.defaultPort) {
    self.host = host
    self.port = port
  }

  /// Reads `HOST`, `HOST:PORT`, `:PORT` (this machine), `[IPV6]` or `[IPV6]:PORT`.
  ///
  /// - Throws: ``GPSDEndpointError``, saying what is wrong (an empty host, a port that is not
  ///   1–65535 or missing after a colon, an unclosed bracket, a space in the host).
  public init(parsing text: String) throws(GPSDEndpointError) {
    // `:PORT` is gpsd on this machine; `::1` is an IPv6 address.
    let full = text.hasPrefix(":") && !text.hasPrefix("::") ? "127.0.0.1" + text : text
    let address: HostAndPort
    do throws(HostAndPortError) {
      address = try HostAndPort(parsing: Substring(full), defaultPort: Self.defaultPort)
    } catch {
      switch error {
      case .missingHost: throw GPSDEndpointError(text: text, reason: .missingHost)
      case .missingPort:
        let unclosed = full.hasPrefix("[") && !full.contains("]")
        throw GPSDEndpointError(text: text, reason: unclosed ? .unclosedBracket : .missingPort)
      case .badPort(let port): throw GPSDEndpointError(text: text, reason: .badPort(port))
      // Not thrown with a default port (a bare IPv6 address is the host); read as a bad host.
      case .ipv6NeedsBrackets: throw GPSDEndpointError(text: text, reason: .unclosedBracket)
      }
    }
    guard !address.host.contains(where: \.isWhitespace) else {
      throw GPSDEndpointError(text: text, reason: .spaceInHost)
    }
    self.init(host: address.host, port: address.port)
  }

  /// `HOST:PORT`, an IPv6 address in brackets.
  public var description: String { TCPConnector.displayAddress(host: host, port: port) }
}
