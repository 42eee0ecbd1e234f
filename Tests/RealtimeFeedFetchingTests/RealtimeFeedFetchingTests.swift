import BeaconTestSupport
import Foundation
import POSIXSupport
import Testing
import TransitFeeds

@testable import RealtimeFeedFetching
@testable import TransitRealtime

@Suite("GTFS-Realtime sources: URLs")
struct RealtimeFeedLocationTests {
  @Test func pathsAndHTTPAndHTTPSURLs() throws {
    #expect(try RealtimeFeedLocation(parsing: "feeds/trip-updates.pb") == .file(path: "feeds/trip-updates.pb"))
    #expect(
      try RealtimeFeedLocation(parsing: "http://feeds.example:8080/rt/tu.pb?key=1")
        == .url(HTTPLocation(scheme: .http, host: "feeds.example", port: 8080, path: "/rt/tu.pb?key=1")))
    #expect(
      try RealtimeFeedLocation(parsing: "HTTP://example.org")
        == .url(HTTPLocation(scheme: .http, host: "example.org", port: 80, path: "/")))
    #expect(
      try RealtimeFeedLocation(parsing: "http://[::1]:81/x")
        == .url(HTTPLocation(scheme: .http, host: "::1", port: 81, path: "/x")))
    // https:// is port 443 unless the URL says otherwise; the Host header names only another port.
    let secure = try RealtimeFeedLocation(parsing: "https://api.example.org/gtfs-rt/tu.pb")
    #expect(secure == .url(HTTPLocation(scheme: .https, host: "api.example.org", port: 443, path: "/gtfs-rt/tu.pb")))
    #expect(HTTPLocation(scheme: .https, host: "api.example.org", port: 443, path: "/").hostHeader == "api.example.org")
    #expect(HTTPLocation(scheme: .https, host: "a.example", port: 80, path: "/").hostHeader == "a.example:80")
    #expect(HTTPLocation(scheme: .http, host: "a.example", port: 443, path: "/").hostHeader == "a.example:443")
    #expect(
      try RealtimeFeedLocation(parsing: "HTTPS://[::1]:8443")
        == .url(HTTPLocation(scheme: .https, host: "::1", port: 8443, path: "/")))
  }

  @Test func otherSchemesAndBrokenURLsAreRefusedSayingWhatToDo() throws {
    #expect(throws: RealtimeFetchProblem.unsupportedScheme(source: "ftp://x/y")) {
      try RealtimeFeedLocation(parsing: "ftp://x/y")
    }
    for broken in [
      "http://", "http://host:99999/", "http://user@host/", "http://host:/x", "http://host/a b",
      "http://host/a\u{0}b", "http://host/a\u{7F}", "http://host/\u{E9}", "https://", "https://host:0/",
    ] {
      #expect(throws: RealtimeFetchProblem.malformedURL(source: broken)) { try RealtimeFeedLocation(parsing: broken) }
    }
  }

  /// What a server sends (a redirect's path, its validators) goes into the next request only when
  /// it cannot end the request's line or start another header.
  @Test func whatAServerSendsBackStaysInItsLine() {
    #expect(HTTPLocation.isRequestTarget("/gtfs-rt/trip-updates?agency=1"))
    for target in ["gtfs", "/a b", "/a\rX-Injected: 1", "/a\nb", "/\u{1B}[2J", "/\u{E9}"] {
      #expect(!HTTPLocation.isRequestTarget(target), "\(target.debugDescription)")
    }
    #expect(HTTPLocation.isFieldValue("W/\"5f3a-1\""))
    #expect(HTTPLocation.isFieldValue("Tue, 07 Nov 2023 18:00:00 GMT"))
    for value in ["\"a\"\rX-Injected: 1", "a\nb", "\u{0}"] {
      #expect(!HTTPLocation.isFieldValue(value), "\(value.debugDescription)")
    }
  }
}

@Suite("GTFS-Realtime sources: redirects")
struct HTTPRedirectionTests {
  static let plain = HTTPLocation(scheme: .http, host: "feeds.example", port: 8080, path: "/rt/tu.pb")
  static let secure = HTTPLocation(scheme: .https, host: "feeds.example", port: 443, path: "/rt/tu.pb")

  @Test func aPathStaysOnTheSameServerAndScheme() throws {
    #expect(
      try HTTPClient.redirection(from: Self.secure, to: "/v2/tu.pb")
        == HTTPLocation(scheme: .https, host: "feeds.example", port: 443, path: "/v2/tu.pb"))
    #expect(
      try HTTPClient.redirection(from: Self.plain, to: "/v2/tu.pb")
        == HTTPLocation(scheme: .http, host: "feeds.example", port: 8080, path: "/v2/tu.pb"))
    #expect(throws: RealtimeFetchProblem.malformedResponse) {
      try HTTPClient.redirection(from: Self.secure, to: "/a\r\nX-Injected: 1")
    }
  }

  @Test func plainHTTPMayGoUpToHTTPSButHTTPSNeverDownToPlainHTTP() throws {
    #expect(
      try HTTPClient.redirection(from: Self.plain, to: "https://cdn.example/tu.pb")
        == HTTPLocation(scheme: .https, host: "cdn.example", port: 443, path: "/tu.pb"))
    #expect(
      try HTTPClient.redirection(from: Self.secure, to: "https://cdn.example:8443/tu.pb")
        == HTTPLocation(scheme: .https, host: "cdn.example", port: 8443, path: "/tu.pb"))
    #expect(
      try HTTPClient.redirection(from: Self.plain, to: "http://cdn.example/tu.pb")
        == HTTPLocation(scheme: .http, host: "cdn.example", port: 80, path: "/tu.pb"))
    #expect(throws: RealtimeFetchProblem.redirectedToPlainHTTP) {
      try HTTPClient.redirection(from: Self.secure, to: "http://feeds.example/rt/tu.pb")
    }
    // A scheme-relative //host is no path, and no URL either.
    #expect(throws: RealtimeFetchProblem.malformedResponse) {
      try HTTPClient.redirection(from: Self.secure, to: "//evil.example/tu.pb")
    }
  }
}

@Suite("GTFS-Realtime sources: HTTP answers")
struct HTTPResponseTests {
  @Test func contentLengthAndChunkedBodies() throws {
    let plain = try #require(
      HTTPResponse(parsing: Array("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nETag: \"v1\"\r\n\r\nabcXYZ".utf8)))
    #expect(plain.status == 200)
    #expect(plain.body == Array("abc".utf8))
    #expect(plain.headers["etag"] == "\"v1\"")
    let chunked = try #require(
      HTTPResponse(
        parsing: Array(
          "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\nA;x=1\r\n0123456789\r\n0\r\n\r\n".utf8)))
    #expect(chunked.body == Array("abc0123456789".utf8))
    let notModified = try #require(HTTPResponse(parsing: Array("HTTP/1.0 304 Not Modified\r\n\r\n".utf8)))
    #expect(notModified.status == 304)
  }

  @Test func cutShortOrForeignAnswersAreNone() {
    #expect(HTTPResponse(parsing: Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc".utf8)) == nil)
    #expect(HTTPResponse(parsing: Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab".utf8)) == nil)
    #expect(HTTPResponse(parsing: Array("SSH-2.0-OpenSSH_9.2\r\n\r\n".utf8)) == nil)
    // A chunk size past any memory: refused, not an overflow.
    #expect(
      HTTPResponse(
        parsing: Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7FFFFFFFFFFFFFFF\r\nab\r\n".utf8)) == nil)
    #expect(HTTPResponse(parsing: []) == nil)
  }
}

@Suite("GTFS-Realtime sources: the pace")
struct RealtimePollPaceTests {
  @Test func followsTheFeedsCadenceWithinItsBounds() {
    var pace = RealtimePollPace()
    #expect(pace.interval == 30)
    pace.fetched(timestamp: 1_000)
    #expect(pace.interval == 30)
    pace.fetched(timestamp: 1_010)
    #expect(pace.interval == 10)
    pace.fetched(timestamp: nil)
    #expect(pace.interval == 10)
    pace.fetched(timestamp: 1_011)
    #expect(pace.interval == 5)
    pace.fetched(timestamp: 2_011)
    #expect(pace.interval == 300)
  }

  @Test func boundsAreOrderedAndAtLeastASecond() {
    #expect(RealtimePollPace.Bounds(initial: 0, minimum: -3, maximum: 0) == .init(initial: 1, minimum: 1, maximum: 1))
    #expect(RealtimePollPace.Bounds(initial: 900, minimum: 10, maximum: 60).initial == 60)
    var pace = RealtimePollPace(bounds: .init(initial: 2, minimum: 1, maximum: 4))
    #expect(pace.interval == 2)
    pace.failed()
    pace.failed()
    #expect(pace.interval == 4)
  }

  @Test func backsOffAfterFailures() {
    var pace = RealtimePollPace()
    pace.failed()
    #expect(pace.interval == 60)
    pace.failed()
    #expect(pace.interval == 120)
    pace.failed()
    pace.failed()
    #expect(pace.interval == 300)
    pace.fetched(timestamp: nil)
    #expect(pace.interval == 30)
  }
}

@Suite(
  "GTFS-Realtime sources: a local HTTP server", .enabled(if: LocalHTTPServer.isAvailable, "needs python3's http.server")
)
struct RealtimeFeedPollerTests {
  static func feedBytes(timestamp: UInt64) throws -> [UInt8] {
    var message = TransitRealtime_FeedMessage()
    message.header.gtfsRealtimeVersion = "2.0"
    message.header.timestamp = timestamp
    var entity = TransitRealtime_FeedEntity()
    entity.id = "1"
    entity.tripUpdate.trip.tripID = "NS-WD-LBB-BHI-001"
    entity.tripUpdate.delay = 90
    message.entity = [entity]
    return try message.serializedBytes()
  }

  @Test func fetchesDecodesMatchesAndIsToldWhenNothingChanged() throws {
    let server = try LocalHTTPServer()
    try server.serve(try Self.feedBytes(timestamp: 1_764_108_600), as: "tu.pb")
    let feed = try Feed.load(from: TestPaths.fixture("gtfs/jakarta-mrt.zip"))
    guard case .url(let url) = try RealtimeFeedLocation(parsing: server.url("tu.pb")) else {
      Issue.record("not a URL")
      return
    }
    let poller = RealtimeFeedPoller(
      source: server.url("tu.pb"), location: url, feed: feed, onUpdate: { _ in }, onProblem: { _ in })
    let first = try #require(try poller.fetch())
    #expect(first.realtime.timestamp == 1_764_108_600)
    let trip = try #require(feed.trip(id: "NS-WD-LBB-BHI-001"))
    #expect(first.trips[trip]?.delay == 90)
    // Unchanged: the server answers the conditional request 304.
    #expect(try poller.fetch() == nil)
    #expect(server.log.contains("\" 304 "), "\(server.log)")
  }

  /// The poller's own thread, running: it fetches at the pace, asks again conditionally (304)
  /// while nothing changed, hands on each new feed once, and fetches nothing after stop().
  @Test func pollingHandsOnEachNewFeedAndStopsWhenTold() throws {
    let server = try LocalHTTPServer()
    try server.serve(try Self.feedBytes(timestamp: 1_764_108_600), as: "tu.pb")
    let feed = try Feed.load(from: TestPaths.fixture("gtfs/jakarta-mrt.zip"))
    guard case .url(let url) = try RealtimeFeedLocation(parsing: server.url("tu.pb")) else {
      Issue.record("not a URL")
      return
    }
    let updates = POSIXMutex([Int64?]())
    let poller = RealtimeFeedPoller(
      source: server.url("tu.pb"), location: url, feed: feed,
      pace: RealtimePollPace.Bounds(initial: 1, minimum: 1, maximum: 1),
      onUpdate: { matched in updates.withLock { $0.append(matched.realtime.timestamp) } },
      onProblem: { problem in Issue.record("\(problem)") })
    #expect(poller.start())
    defer { poller.stop() }
    /// Waits up to 30 s for `condition`.
    func waitUntil(_ condition: () -> Bool) -> Bool {
      for _ in 0..<300 where !condition() { usleep(100_000) }
      return condition()
    }
    #expect(waitUntil { updates.withLock { $0 } == [1_764_108_600] })
    #expect(waitUntil { server.log.contains("\" 304 ") }, "\(server.log)")
    try server.serve(try Self.feedBytes(timestamp: 1_764_108_630), as: "tu.pb")
    #expect(waitUntil { updates.withLock { $0 } == [1_764_108_600, 1_764_108_630] })
    poller.stop()
    // The thread sees stop() within its one-second sleep; then nothing more is asked.
    sleep(2)
    let requests = server.log.components(separatedBy: "GET /tu.pb").count
    sleep(2)
    #expect(server.log.components(separatedBy: "GET /tu.pb").count == requests, "\(server.log)")
    #expect(updates.withLock { $0 } == [1_764_108_600, 1_764_108_630])
  }

  @Test func aMissingFeedIsAProblemNotACrash() throws {
    let server = try LocalHTTPServer()
    guard case .url(let url) = try RealtimeFeedLocation(parsing: server.url("none.pb")) else {
      Issue.record("not a URL")
      return
    }
    let feed = try Feed.load(from: TestPaths.fixture("gtfs/jakarta-mrt.zip"))
    let poller = RealtimeFeedPoller(
      source: server.url("none.pb"), location: url, feed: feed, onUpdate: { _ in }, onProblem: { _ in })
    #expect(throws: RealtimeFetchProblem.status(code: 404, reason: "File not found")) { try poller.fetch() }
    try server.serve(Array("<html>hi</html>".utf8), as: "page.html")
    guard case .url(let page) = try RealtimeFeedLocation(parsing: server.url("page.html")) else { return }
    let pagePoller = RealtimeFeedPoller(
      source: server.url("page.html"), location: page, feed: feed, onUpdate: { _ in }, onProblem: { _ in })
    #expect(throws: RealtimeFetchProblem.notAFeed(.notProtocolBuffers(.malformed))) { try pagePoller.fetch() }
  }
}

@Suite(
  "GTFS-Realtime sources: a local HTTPS server",
  .enabled(
    if: LocalHTTPServer.isAvailable && TestCertificateAuthority.isAvailable, "needs python3 and the openssl command")
)
struct HTTPSFetchTests {
  /// A poller of `source` (an https:// URL) trusting `trust`.
  static func poller(_ source: String, trust: TLSTrust) throws -> RealtimeFeedPoller {
    guard case .url(let location) = try RealtimeFeedLocation(parsing: source) else { throw POSIXError(.EINVAL) }
    let feed = try Feed.load(from: TestPaths.fixture("gtfs/jakarta-mrt.zip"))
    return RealtimeFeedPoller(
      source: source, location: location, feed: feed, trust: trust, onUpdate: { _ in }, onProblem: { _ in })
  }

  /// The rejection a fetch ended with; `nil` when it ended otherwise.
  static func rejection(fetching poller: RealtimeFeedPoller) -> RealtimeFetchProblem? {
    do {
      _ = try poller.fetch()
      return nil
    } catch {
      return error
    }
  }

  @Test func aFeedOverHTTPSIsVerifiedDecodedAndAskedForAgainConditionally() throws {
    let authority = try TestCertificateAuthority()
    let server = try LocalHTTPServer(identity: try authority.serverIdentity(for: ["DNS:localhost", "IP:127.0.0.1"]))
    try server.serve(try RealtimeFeedPollerTests.feedBytes(timestamp: 1_764_108_600), as: "tu.pb")
    let trust = TLSTrust.certificateAuthorities(file: authority.certificateFile)
    let feed = try Feed.load(from: TestPaths.fixture("gtfs/jakarta-mrt.zip"))
    let trip = try #require(feed.trip(id: "NS-WD-LBB-BHI-001"))
    // By address (checked against the certificate's IP address, no SNI) and by name.
    for host in ["127.0.0.1", "localhost"] {
      let poller = try Self.poller(server.url("tu.pb", host: host), trust: trust)
      let first = try #require(try poller.fetch())
      #expect(first.realtime.timestamp == 1_764_108_600)
      #expect(first.trips[trip]?.delay == 90)
      #expect(try poller.fetch() == nil)
    }
    #expect(server.log.contains("\" 304 "), "\(server.log)")
  }

  @Test func aCertificateNoTrustedAuthoritySignedIsRejectedSayingWhy() throws {
    let authority = try TestCertificateAuthority()
    let server = try LocalHTTPServer(identity: try authority.serverIdentity(for: ["IP:127.0.0.1"]))
    try server.serve(try RealtimeFeedPollerTests.feedBytes(timestamp: 1_764_108_600), as: "tu.pb")
    // The system's trust store does not hold the test's authority.
    let problem = Self.rejection(fetching: try Self.poller(server.url("tu.pb"), trust: .systemStore))
    guard case .certificateRejected(let host, let reason, let kind) = problem else {
      Issue.record("not a rejected certificate: \(String(describing: problem))")
      return
    }
    #expect(host == "127.0.0.1")
    #expect(kind == .notTrusted)
    #expect(reason == "unable to get local issuer certificate", "\(reason)")
    #expect(problem?.description.contains("SSL_CERT_FILE") == true)
    #expect(!server.log.contains("GET /tu.pb"), "\(server.log)")
  }

  @Test func aCertificateForAnotherHostIsRejectedSayingSo() throws {
    let authority = try TestCertificateAuthority()
    let server = try LocalHTTPServer(identity: try authority.serverIdentity(for: ["DNS:feeds.example"]))
    try server.serve(try RealtimeFeedPollerTests.feedBytes(timestamp: 1_764_108_600), as: "tu.pb")
    let trust = TLSTrust.certificateAuthorities(file: authority.certificateFile)
    let byName = Self.rejection(fetching: try Self.poller(server.url("tu.pb", host: "localhost"), trust: trust))
    #expect(byName == .certificateRejected(host: "localhost", reason: "hostname mismatch", kind: .wrongName))
    #expect(byName?.description.contains("not for localhost (hostname mismatch)") == true)
    let byAddress = Self.rejection(fetching: try Self.poller(server.url("tu.pb"), trust: trust))
    #expect(byAddress == .certificateRejected(host: "127.0.0.1", reason: "IP address mismatch", kind: .wrongName))
    #expect(!server.log.contains("GET /tu.pb"), "\(server.log)")
  }

  /// https:// to a port that speaks plain HTTP: a TLS failure in OpenSSL's words, not a hang.
  @Test func plainHTTPWhereTLSWasExpectedIsATLSFailure() throws {
    let server = try LocalHTTPServer()
    let source = server.url("tu.pb").replacingOccurrences(of: "http://", with: "https://")
    let problem = Self.rejection(fetching: try Self.poller(source, trust: .systemStore))
    guard case .tlsFailed(let reason) = problem else {
      Issue.record("not a TLS failure: \(String(describing: problem))")
      return
    }
    #expect(!reason.isEmpty)
    #expect(problem?.description.contains("check that the URL's port serves https://") == true)
  }
}
