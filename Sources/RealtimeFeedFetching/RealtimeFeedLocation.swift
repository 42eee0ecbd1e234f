/// Where a `--gtfs-rt` source is: a file, or a plain `http://` URL.
public enum RealtimeFeedLocation: Hashable, Sendable {
  case file(path: String)
  case http(HTTPLocation)

  /// `source` as given on the command line: `http://HOST[:PORT][/PATH]` is a URL, any other text
  /// without `SCHEME://` a file path. `https://` is refused (this program speaks plain HTTP only),
  /// as is any other scheme.
  public init(parsing source: String) throws(RealtimeFetchProblem) {
    // SCHEME "://": letters, digits, + - . before it, as RFC 3986 has them.
    let schemeCharacters = source.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    guard !schemeCharacters.isEmpty, source[schemeCharacters.endIndex...].hasPrefix("://") else {
      self = .file(path: source)
      return
    }
    let scheme = schemeCharacters.lowercased()
    if scheme == "https" { throw .httpsNotSupported(source: source) }
    guard scheme == "http" else { throw .unsupportedScheme(source: source) }
    let rest = source[source.index(schemeCharacters.endIndex, offsetBy: 3)...]
    let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
    let authority = rest[..<authorityEnd]
    var path = String(rest[authorityEnd...].prefix { $0 != "#" })
    if path.isEmpty || path.first == "?" { path = "/" + path }
    guard !authority.isEmpty, !authority.contains("@") else { throw .malformedURL(source: source) }
    var host = String(authority)
    var port: UInt16 = 80
    if authority.first == "[" {
      // [IPv6]:port
      guard let close = authority.firstIndex(of: "]") else { throw .malformedURL(source: source) }
      host = String(authority[authority.index(after: authority.startIndex)..<close])
      let after = authority[authority.index(after: close)...]
      if !after.isEmpty {
        guard after.first == ":", let number = UInt16(after.dropFirst()) else { throw .malformedURL(source: source) }
        port = number
      }
    } else if let colon = authority.lastIndex(of: ":") {
      guard let number = UInt16(authority[authority.index(after: colon)...]) else {
        throw .malformedURL(source: source)
      }
      host = String(authority[..<colon])
      port = number
    }
    guard !host.isEmpty, port != 0, HTTPLocation.isRequestTarget(path) else {
      throw .malformedURL(source: source)
    }
    self = .http(HTTPLocation(host: host, port: port, path: path))
  }
}

/// A plain HTTP URL's parts.
public struct HTTPLocation: Hashable, Sendable {
  public var host: String
  public var port: UInt16
  /// The path and query, from the first `/`.
  public var path: String

  public init(host: String, port: UInt16, path: String) {
    self.host = host
    self.port = port
    self.path = path
  }

  /// The `Host` header's value.
  /// Whether `path` can stand in a request line as it is: visible ASCII only (no space, no
  /// control character that could end the line or start another header), starting with `/`.
  static func isRequestTarget(_ path: some StringProtocol) -> Bool {
    path.first == "/" && path.unicodeScalars.allSatisfy { (0x21..<0x7F).contains($0.value) }
  }

  /// Whether a header value from a server can be sent back as it is: visible ASCII, spaces and
  /// tabs, no control character.
  static func isFieldValue(_ value: some StringProtocol) -> Bool {
    value.unicodeScalars.allSatisfy { $0 == "\t" || (0x20..<0x7F).contains($0.value) }
  }

  var hostHeader: String {
    let name = host.contains(":") ? "[\(host)]" : host
    return port == 80 ? name : "\(name):\(port)"
  }
}
