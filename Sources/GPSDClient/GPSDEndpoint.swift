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

  /// Reads `HOST`, `HOST:PORT`, `:PORT` (this machine), `[IPV6]` or `[IPV6]:PORT`; `nil` for
  /// anything else (an empty host, a port that is not 1–65535).
  public init?(parsing text: String) {
    var host = Substring(text)
    var portText: Substring?
    if host.hasPrefix("[") {
      guard let close = host.firstIndex(of: "]") else { return nil }
      let rest = host[host.index(after: close)...]
      host = host[host.index(after: host.startIndex)..<close]
      if !rest.isEmpty {
        guard rest.hasPrefix(":") else { return nil }
        portText = rest.dropFirst()
      }
    } else if let colon = host.lastIndex(of: ":") {
      // More than one colon without brackets: an IPv6 address alone.
      if host.firstIndex(of: ":") == colon {
        portText = host[host.index(after: colon)...]
        host = host[..<colon]
        if host.isEmpty { host = "127.0.0.1" }
      }
    }
    guard !host.isEmpty, !host.contains(where: \.isWhitespace) else { return nil }
    var port = Self.defaultPort
    if let portText {
      guard let parsed = UInt16(portText), parsed > 0 else { return nil }
      port = parsed
    }
    self.init(host: String(host), port: port)
  }

  /// `HOST:PORT`, an IPv6 address in brackets.
  public var description: String { TCPConnector.displayAddress(host: host, port: port) }
}
