import BeaconTestSupport
import Testing
import TransitFeeds

@testable import RealtimeFeedFetching
@testable import TransitRealtime

@Suite("GTFS-Realtime sources: URLs")
struct RealtimeFeedLocationTests {
  @Test func pathsAndPlainHTTPURLs() throws {
    #expect(try RealtimeFeedLocation(parsing: "feeds/trip-updates.pb") == .file(path: "feeds/trip-updates.pb"))
    #expect(
      try RealtimeFeedLocation(parsing: "http://feeds.example:8080/rt/tu.pb?key=1")
        == .http(HTTPLocation(host: "feeds.example", port: 8080, path: "/rt/tu.pb?key=1")))
    #expect(
      try RealtimeFeedLocation(parsing: "HTTP://example.org")
        == .http(HTTPLocation(host: "example.org", port: 80, path: "/")))
    #expect(
      try RealtimeFeedLocation(parsing: "http://[::1]:81/x") == .http(HTTPLocation(host: "::1", port: 81, path: "/x")))
  }

  @Test func httpsAndBrokenURLsAreRefusedSayingWhatToDo() throws {
    #expect(throws: RealtimeFetchProblem.httpsNotSupported(source: "https://example.org/tu.pb")) {
      try RealtimeFeedLocation(parsing: "https://example.org/tu.pb")
    }
    #expect(RealtimeFetchProblem.httpsNotSupported(source: "").description.contains("curl -o feed.pb URL"))
    #expect(throws: RealtimeFetchProblem.unsupportedScheme(source: "ftp://x/y")) {
      try RealtimeFeedLocation(parsing: "ftp://x/y")
    }
    for broken in [
      "http://", "http://host:99999/", "http://user@host/", "http://host:/x", "http://host/a b",
      "http://host/a\u{0}b", "http://host/a\u{7F}", "http://host/\u{E9}",
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
    guard case .http(let url) = try RealtimeFeedLocation(parsing: server.url("tu.pb")) else {
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

  @Test func aMissingFeedIsAProblemNotACrash() throws {
    let server = try LocalHTTPServer()
    guard case .http(let url) = try RealtimeFeedLocation(parsing: server.url("none.pb")) else {
      Issue.record("not a URL")
      return
    }
    let feed = try Feed.load(from: TestPaths.fixture("gtfs/jakarta-mrt.zip"))
    let poller = RealtimeFeedPoller(
      source: server.url("none.pb"), location: url, feed: feed, onUpdate: { _ in }, onProblem: { _ in })
    #expect(throws: RealtimeFetchProblem.status(code: 404, reason: "File not found")) { try poller.fetch() }
    try server.serve(Array("<html>hi</html>".utf8), as: "page.html")
    guard case .http(let page) = try RealtimeFeedLocation(parsing: server.url("page.html")) else { return }
    let pagePoller = RealtimeFeedPoller(
      source: server.url("page.html"), location: page, feed: feed, onUpdate: { _ in }, onProblem: { _ in })
    #expect(throws: RealtimeFetchProblem.notAFeed(.notProtocolBuffers(.malformed))) { try pagePoller.fetch() }
  }
}
