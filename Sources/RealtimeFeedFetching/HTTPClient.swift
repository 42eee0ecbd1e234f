import POSIXSupport
import SystemPackage

/// One GET over HTTP/1.1, `Connection: close`, through the project's TCP connector, over TLS for an
/// `https://` URL (``TLSStream``): enough for a realtime feed, with the validators for a
/// conditional request.
enum HTTPClient {
  /// The validators of the last answer, sent back so an unchanged feed is answered 304.
  struct Validators: Hashable, Sendable {
    var etag: String?
    var lastModified: String?
  }

  enum Outcome: Hashable, Sendable {
    case body([UInt8], Validators)
    case notModified
  }

  /// The largest answer read.
  static let sizeLimit = 16 << 20
  static let redirectLimit = 3

  /// GETs `location`, following up to ``redirectLimit`` redirects: from `http://` to `http://` or
  /// `https://`, from `https://` only to `https://` (never down to plain HTTP). `trust` is what an
  /// `https://` server's certificate is verified against.
  static func get(_ location: HTTPLocation, validators: Validators, trust: TLSTrust, timeout: Duration)
    throws(RealtimeFetchProblem) -> Outcome
  {
    var location = location
    for _ in 0...redirectLimit {
      let response = try exchange(location, validators: validators, trust: trust, timeout: timeout)
      switch response.status {
      case 200:
        return .body(
          response.body, Validators(etag: response.headers["etag"], lastModified: response.headers["last-modified"]))
      case 304:
        return .notModified
      case 301, 302, 303, 307, 308:
        guard let target = response.headers["location"] else { throw .malformedResponse }
        location = try redirection(from: location, to: target)
      default:
        throw .status(code: response.status, reason: response.reason)
      }
    }
    throw .tooManyRedirects
  }

  /// Where a redirect from `location` to `target` (its `Location` header) leads: a path on the
  /// same server, or another URL, from `http://` to `http://` or `https://` but from `https://`
  /// only to `https://`, as what TLS protects would otherwise go in the clear.
  static func redirection(from location: HTTPLocation, to target: String) throws(RealtimeFetchProblem)
    -> HTTPLocation
  {
    if target.hasPrefix("/"), !target.hasPrefix("//") {
      // A path on the same server; one that could not stand in a request line is refused.
      guard HTTPLocation.isRequestTarget(target) else { throw .malformedResponse }
      var next = location
      next.path = target
      return next
    }
    guard case .url(let next) = try RealtimeFeedLocation(parsing: target) else { throw .malformedResponse }
    guard next.scheme == .https || location.scheme == .http else { throw .redirectedToPlainHTTP }
    return next
  }

  private static func exchange(
    _ location: HTTPLocation, validators: Validators, trust: TLSTrust, timeout: Duration
  ) throws(RealtimeFetchProblem) -> HTTPResponse {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    let socket: FileDescriptor
    do {
      socket = try TCPConnector.connect(host: location.host, port: location.port, timeout: timeout)
    } catch {
      throw .connect(error)
    }
    defer { socket.closeIgnoringErrors() }
    let stream: any HTTPByteStream =
      switch location.scheme {
      case .http: SocketStream(socket: socket, deadline: deadline, timeout: timeout)
      case .https:
        try TLSStream(socket: socket, host: location.host, trust: trust, deadline: deadline, timeout: timeout)
      }
    var request =
      "GET \(location.path) HTTP/1.1\r\nHost: \(location.hostHeader)\r\nUser-Agent: beacon-toolkit\r\n"
      + "Accept: application/x-protobuf, application/octet-stream, */*\r\nConnection: close\r\n"
    // The server's own validators, sent back only when they cannot break the request's lines.
    if let etag = validators.etag, HTTPLocation.isFieldValue(etag) { request += "If-None-Match: \(etag)\r\n" }
    if let lastModified = validators.lastModified, HTTPLocation.isFieldValue(lastModified) {
      request += "If-Modified-Since: \(lastModified)\r\n"
    }
    request += "\r\n"
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    try stream.send(Array(request.utf8))
    while true {
      let count = try stream.receive(into: &chunk)
      if count == 0 { break }
      received.append(contentsOf: chunk[..<count])
      guard received.count <= sizeLimit else { throw .tooLarge(limit: sizeLimit) }
    }
    guard let response = HTTPResponse(parsing: received) else { throw .malformedResponse }
    return response
  }
}
