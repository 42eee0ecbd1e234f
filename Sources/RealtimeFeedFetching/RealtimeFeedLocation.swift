/// Where a `--gtfs-rt` source is: a file, or an `http://` or `https://` URL.
public enum RealtimeFeedLocation: Hashable, Sendable {
  case file(path: String)
  case url(HTTPLocation)

  /// `source` as given on the command line: `http://HOST[:PORT][/PATH]` or
  /// `https://HOST[:PORT][/PATH]` is a URL, any other text without `SCHEME://` a file path. Any
  /// other scheme is refused.
  public init(parsing source: String) throws(RealtimeFetchProblem) {
    // SCHEME "://": letters, digits, + - . before it, as RFC 3986 has them.
    let schemeCharacters = source.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    guard !schemeCharacters.isEmpty, source[schemeCharacters.endIndex...].hasPrefix("://") else {
      self = .file(path: source)
      return
    }
    guard let scheme = HTTPScheme(rawValue: schemeCharacters.lowercased()) else {
      throw .unsupportedScheme(source: source)
    }
    let rest = source[source.index(schemeCharacters.endIndex, offsetBy: 3)...]
    let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
    let authority = rest[..<authorityEnd]
    var path = String(rest[authorityEnd...].prefix { $0 != "#" })
    if path.isEmpty || path.first == "?" { path = "/" + path }
    guard !authority.isEmpty, !authority.contains("@") else { throw .malformedURL(source: source) }
    var host = String(authority)
    var port = scheme.defaultPort
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
    self = .url(HTTPLocation(scheme: scheme, host: host, port: port, path: path))
  }
}

/// How a URL's server is spoken to: plain HTTP, or HTTP over TLS.
public enum HTTPScheme: String, Hashable, Sendable {
  case http
  case https

  /// The port of a URL that names none: 80, or 443 for `https`.
  public var defaultPort: UInt16 {
    switch self {
    case .http: 80
    case .https: 443
    }
  }
}

/// An `http://` or `https://` URL's parts.
public struct HTTPLocation: Hashable, Sendable {
  public var scheme: HTTPScheme
  public var host: String
  public var port: UInt16
  /// The path and query, from the first `/`.
  public var path: String

  public init(scheme: HTTPScheme, host: String, port: UInt16, path: String) {
    self.scheme = scheme
    self.host = host
    self.port = port
    self.path = path
  }

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

  /// The `Host` header's value: the port only when it is not the scheme's own.
  var hostHeader: String {
    let name = host.contains(":") ? "[\(host)]" : host
    return port == scheme.defaultPort ? name : "\(name):\(port)"
  }
}
