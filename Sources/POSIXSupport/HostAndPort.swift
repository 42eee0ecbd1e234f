/// A network address as people write it: `HOST:PORT`, `[IPV6]:PORT`, and where a default port
/// applies `HOST`, `[IPV6]` or a bare IPv6 address. The one parser behind `tcp:HOST:PORT`
/// controllers, gpsd's `--gps HOST:PORT` and MQTT brokers' `mqtt://HOST:PORT`.
package struct HostAndPort: Hashable, Sendable {
  /// A name or an address; an IPv6 address without brackets.
  package var host: String
  package var port: UInt16

  package init(host: String, port: UInt16) {
    self.host = host
    self.port = port
  }

  /// Reads `text`. With a `defaultPort`, the port may be left out, and an address with more than
  /// one colon and no brackets is an IPv6 address alone; without one, the port is required and
  /// such an address needs brackets.
  package init(parsing text: Substring, defaultPort: UInt16?) throws(HostAndPortError) {
    let host: Substring
    var portText: Substring?
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else { throw .missingPort }
      host = text[text.index(after: text.startIndex)..<close]
      let afterHost = text[text.index(after: close)...]
      if !afterHost.isEmpty {
        guard afterHost.hasPrefix(":") else { throw .missingPort }
        portText = afterHost.dropFirst()
      }
    } else if let colon = text.lastIndex(of: ":") {
      let beforeColon = text[..<colon]
      if beforeColon.contains(":") {
        guard defaultPort != nil else { throw .ipv6NeedsBrackets(String(beforeColon)) }
        host = text
      } else {
        host = beforeColon
        portText = text[text.index(after: colon)...]
      }
    } else {
      host = text
    }
    guard !host.isEmpty else { throw .missingHost }
    guard let portText else {
      guard let defaultPort else { throw .missingPort }
      self.init(host: String(host), port: defaultPort)
      return
    }
    guard !portText.isEmpty else { throw .missingPort }
    guard portText.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      let port = UInt16(portText), port != 0
    else { throw .badPort(String(portText)) }
    self.init(host: String(host), port: port)
  }
}

/// What is wrong with a `HOST:PORT`; each caller wraps it in its own error, which quotes the text.
package enum HostAndPortError: Error, Hashable, Sendable {
  /// Nothing before the port.
  case missingHost
  /// No port, where one is required (or an unclosed `[`).
  case missingPort
  /// The port is not a number from 1 to 65535.
  case badPort(String)
  /// An IPv6 address without brackets, where a port must follow: `[::1]:9000`.
  case ipv6NeedsBrackets(String)
}
