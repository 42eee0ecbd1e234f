import BeaconTestSupport
import Foundation
import Testing

@testable import TransitRealtime

/// `beacon-ride --gtfs-rt FILE` on the ride of TimetableRideCommandTests (trip NS-WD-LBB-BHI-023
/// of the Jakarta feed: Lebak Bulus 07:34:50, Bundaran HI 08:04:30 on Friday 2026-11-27; the
/// rider on the platform from 07:31), with feeds encoded here. The next trips leave at 07:39:50
/// (NS-WD-LBB-BHI-024) and 07:45:00 (-025), read from stop_times.txt.
@Suite struct RealtimeRideCommandTests {
  static let capture = TestPaths.fixture("ride-timetable-lebak-bulus-to-bundaran-hi.btsnoop")
  static let feed = TestPaths.fixture("gtfs/jakarta-mrt.zip")
  /// 2026-11-27T07:31:00+07:00, when the rider is on the platform.
  static let platformTime: UInt64 = 1_795_739_460

  /// A feed with trip 023 `delayed` (trip-level, unless not `tripLevel`), its arrival at GBHI02
  /// (stop_sequence 12) as late give or take `uncertainty`; or cancelled.
  static func feedFile(
    in directory: TemporaryDirectory, timestamp: UInt64 = platformTime, trip: String = "NS-WD-LBB-BHI-023",
    delay: Int32 = 120, tripLevel: Bool = true, uncertainty: Int32 = 30, canceled: Bool = false,
    startDate: String? = nil, alerts: [TransitRealtime_FeedEntity] = []
  ) throws -> String {
    var message = TransitRealtime_FeedMessage()
    message.header.gtfsRealtimeVersion = "2.0"
    message.header.timestamp = timestamp
    var entity = TransitRealtime_FeedEntity()
    entity.id = "1"
    entity.tripUpdate.trip.tripID = trip
    if let startDate { entity.tripUpdate.trip.startDate = startDate }
    if canceled {
      entity.tripUpdate.trip.scheduleRelationship = .canceled
    } else {
      if tripLevel { entity.tripUpdate.delay = delay }
      var last = TransitRealtime_TripUpdate.StopTimeUpdate()
      last.stopSequence = 12
      last.arrival.delay = delay
      last.arrival.uncertainty = uncertainty
      entity.tripUpdate.stopTimeUpdate = [last]
    }
    message.entity = [entity] + alerts
    let path = directory.path("feed.pb")
    try Data(try message.serializedBytes() as [UInt8]).write(to: URL(fileURLWithPath: path))
    return path
  }

  func run(_ arguments: [String]) throws -> (events: [[String: Any]], result: ProcessResult) {
    let result = try Executable.run(
      "beacon-ride",
      ["--replay", Self.capture, "--gtfs", Self.feed, "--from", "SLBB", "--to", "SBHI", "--format", "json"]
        + arguments)
    let events = try result.stdout.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    return (events.filter { $0["event"] as? String == "found" }, result)
  }

  /// An estimated value's object (`eta`, `delay`, a `nextDeparture`).
  func object(_ value: Any?) -> [String: Any] { value as? [String: Any] ?? [:] }

  /// The next departures' times and sources.
  func departures(_ event: [String: Any]) -> [String] {
    (event["nextDeparture"] as? [[String: Any]] ?? []).map {
      "\($0["time"] as? String ?? "-") \($0["source"] as? String ?? "-")"
    }
  }

  @Test func aFreshFeedsDelayReplacesTheTimetablesWithItsUncertainty() throws {
    let directory = try TemporaryDirectory()
    let (found, result) = try run(["--gtfs-rt", try Self.feedFile(in: directory), "--gtfs-rt-max-age", "3600"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(found.count == 12)
    let platform = try #require(found.first)
    // Trip 023 is the feed's: its departure is live (the trip's delay, no uncertainty); 024 and
    // 025 are not in the feed, so theirs are the timetable's.
    #expect(
      departures(platform) == [
        "2026-11-27T07:36:50+07:00 realtime", "2026-11-27T07:39:50+07:00 schedule",
        "2026-11-27T07:45:00+07:00 schedule",
      ], "\(platform)")
    #expect((platform["nextDeparture"] as? [[String: Any]])?.allSatisfy { $0["uncertainty"] == nil } == true)
    #expect(platform["estimateSource"] == nil && platform["uncertainty"] == nil, "\(platform)")
    // The event's own source, what found the station, is untouched.
    #expect(found.allSatisfy { $0["source"] as? String == "bluetooth" })
    // The ETA is the arrival update's, with its uncertainty.
    let eta = object(platform["eta"])
    #expect(eta["time"] as? String == "2026-11-27T08:06:30+07:00", "\(platform)")
    #expect(eta["source"] as? String == "realtime" && eta["uncertainty"] as? Int == 30, "\(platform)")
    #expect(
      (platform["detail"] as? String)?.hasPrefix("next train 07:36 (live, in 5 min), then 07:39, 07:45; ") == true,
      "\(platform)")
    #expect((platform["detail"] as? String)?.hasSuffix("; ETA 08:06 (live ±30 s)") == true, "\(platform)")
    // At the second station, on the train but no trip matched yet: the timetable's ETA.
    #expect(object(found.dropFirst().first?["eta"])["source"] as? String == "schedule")
    // Once the trip is matched on the train (from the third station), the feed's 120 s.
    for event in found.dropFirst(2) {
      #expect(object(event["delay"])["seconds"] as? Int == 120, "\(event)")
      #expect(object(event["delay"])["source"] as? String == "realtime", "\(event)")
      #expect(object(event["eta"])["time"] as? String == "2026-11-27T08:06:30+07:00", "\(event)")
      #expect(object(event["eta"])["uncertainty"] as? Int == 30, "\(event)")
      #expect((event["detail"] as? String)?.hasSuffix("ETA 08:06 (live ±30 s), 2 min late (live)") == true, "\(event)")
    }
  }

  /// An update for the destination only: the ETA is live, but nothing moves the departure from
  /// the first station or the delay at the stations before: they stay the timetable's.
  @Test func anArrivalUpdateAloneMakesOnlyTheETALive() throws {
    let directory = try TemporaryDirectory()
    let (found, result) = try run([
      "--gtfs-rt", try Self.feedFile(in: directory, tripLevel: false), "--gtfs-rt-max-age", "3600",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let platform = try #require(found.first)
    #expect(departures(platform).first == "2026-11-27T07:34:50+07:00 schedule", "\(platform)")
    #expect(object(platform["eta"])["source"] as? String == "realtime", "\(platform)")
    #expect(
      (platform["detail"] as? String)?.hasPrefix(
        "next train 07:34 (in 3 min), then 07:39, 07:45; ETA 08:06 (live ±30 s)")
        == true, "\(platform)")
    let matched = Array(found.dropFirst(2))
    #expect(!matched.isEmpty)
    for event in matched {
      #expect(object(event["eta"])["source"] as? String == "realtime", "\(event)")
      #expect(object(event["delay"])["source"] as? String == "schedule", "\(event)")
      #expect(object(event["delay"])["uncertainty"] == nil, "\(event)")
    }
  }

  @Test func aCancelledTripIsNeverOffered() throws {
    let directory = try TemporaryDirectory()
    let (found, result) = try run([
      "--gtfs-rt", try Self.feedFile(in: directory, canceled: true), "--gtfs-rt-max-age", "3600",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let platform = try #require(found.first)
    let departures = departures(platform)
    #expect(departures.first == "2026-11-27T07:39:50+07:00 schedule", "\(platform)")
    #expect(!departures.contains { $0.hasPrefix("2026-11-27T07:34:50+07:00") })
    #expect(departures.allSatisfy { $0.hasSuffix(" schedule") }, "\(platform)")
    #expect(object(platform["eta"])["source"] as? String == "schedule")
  }

  @Test func aStaleFeedIsLeftOutWithAWarning() throws {
    let directory = try TemporaryDirectory()
    // An hour older than the capture's clock, against the default 300 s.
    let (found, result) = try run(["--gtfs-rt", try Self.feedFile(in: directory, timestamp: Self.platformTime - 3600)])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("the GTFS-Realtime feed is left out"), "\(result.stderr)")
    #expect(result.stderr.components(separatedBy: "is left out").count == 2, "warned once: \(result.stderr)")
    #expect(found.first.map(departures)?.first == "2026-11-27T07:34:50+07:00 schedule")
    #expect(found.allSatisfy { object($0["eta"])["source"] as? String == "schedule" })
    #expect(found.allSatisfy { $0["delay"] == nil || object($0["delay"])["source"] as? String == "schedule" })
  }

  @Test func unknownTripsAreCountedAndWarnedNotFatal() throws {
    let directory = try TemporaryDirectory()
    let (found, result) = try run(["--gtfs-rt", try Self.feedFile(in: directory, trip: "NO-SUCH\u{1B}[31mTRIP")])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("1 trip_id of the realtime feed is not in the static feed"), "\(result.stderr)")
    // The id is shown escaped: no terminal control reaches the screen.
    #expect(!result.stderr.contains("\u{1B}"))
    #expect(found.count == 12)
  }

  /// The same feeds from a URL: a local HTTP server started here serves them (fetched once: a
  /// replay is not polled).
  @Test(.enabled(if: LocalHTTPServer.isAvailable, "needs python3's http.server"))
  func aURLIsFetchedAndAStaleOneLeftOutWithAWarning() throws {
    let directory = try TemporaryDirectory()
    let server = try LocalHTTPServer()
    try server.serve(Array(try Data(contentsOf: URL(fileURLWithPath: try Self.feedFile(in: directory)))), as: "tu.pb")
    let (found, result) = try run(["--gtfs-rt", server.url("tu.pb"), "--gtfs-rt-max-age", "3600"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(object(found.first?["eta"])["source"] as? String == "realtime", "\(found.first ?? [:])")
    #expect(found.first.map(departures)?.first == "2026-11-27T07:36:50+07:00 realtime")
    #expect(server.log.contains("GET /tu.pb"), "\(server.log)")

    let stale = try Self.feedFile(in: directory, timestamp: Self.platformTime - 3600)
    try server.serve(Array(try Data(contentsOf: URL(fileURLWithPath: stale))), as: "old.pb")
    let (oldFound, oldResult) = try run(["--gtfs-rt", server.url("old.pb")])
    #expect(oldResult.status == 0, "\(oldResult.stderr)")
    #expect(oldResult.stderr.contains("old.pb: the GTFS-Realtime feed is left out"), "\(oldResult.stderr)")
    #expect(oldFound.allSatisfy { object($0["eta"])["source"] as? String == "schedule" })
  }

  /// The same feed over https:// from a local TLS server whose certificate a throwaway authority
  /// signed: trusted through SSL_CERT_FILE, as a user would point at their own authority, it is
  /// used; without it, the certificate is refused with OpenSSL's reason, a warning, and the ride
  /// goes on with the timetable.
  @Test(
    .enabled(
      if: LocalHTTPServer.isAvailable && TestCertificateAuthority.isAvailable, "needs python3 and the openssl command"))
  func anHTTPSURLIsVerifiedAgainstSSLCertFile() throws {
    let directory = try TemporaryDirectory()
    let authority = try TestCertificateAuthority()
    let server = try LocalHTTPServer(identity: try authority.serverIdentity(for: ["DNS:localhost", "IP:127.0.0.1"]))
    try server.serve(Array(try Data(contentsOf: URL(fileURLWithPath: try Self.feedFile(in: directory)))), as: "tu.pb")
    var environment = ProcessInfo.processInfo.environment
    environment["SSL_CERT_DIR"] = nil
    environment["SSL_CERT_FILE"] = authority.certificateFile
    let arguments = [
      "--replay", Self.capture, "--gtfs", Self.feed, "--from", "SLBB", "--to", "SBHI", "--format", "json",
      "--gtfs-rt", server.url("tu.pb", host: "localhost"), "--gtfs-rt-max-age", "3600",
    ]
    let trusted = try Executable.run("beacon-ride", arguments, environment: environment)
    #expect(trusted.status == 0, "\(trusted.stderr)")
    let found = jsonLines(trusted.stdout).filter { $0["event"] as? String == "found" }
    #expect(object(found.first?["eta"])["source"] as? String == "realtime", "\(found.first ?? [:])")
    #expect(found.first.map(departures)?.first == "2026-11-27T07:36:50+07:00 realtime", "\(found.first ?? [:])")

    environment["SSL_CERT_FILE"] = nil
    let untrusted = try Executable.run("beacon-ride", arguments, environment: environment)
    #expect(untrusted.status == 0, "\(untrusted.stderr)")
    #expect(
      untrusted.stderr.contains("the certificate of localhost is not trusted (unable to get local issuer certificate)"),
      "\(untrusted.stderr)")
    let scheduled = jsonLines(untrusted.stdout).filter { $0["event"] as? String == "found" }
    #expect(scheduled.count == 12)
    #expect(scheduled.allSatisfy { object($0["eta"])["source"] as? String == "schedule" })
    #expect(scheduled.first.map(departures)?.allSatisfy { $0.hasSuffix(" schedule") } == true)
  }

  @Test func otherSchemesAreRefusedSayingWhatIsFetched() throws {
    let (_, result) = try run(["--gtfs-rt", "ftp://example.org/tu.pb"])
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("give a file path, or an http:// or https:// URL"), "\(result.stderr)")
  }

  static func alert(
    _ id: String, header: String, route: String? = nil, stop: String? = nil, activeUntil end: UInt64? = nil
  ) -> TransitRealtime_FeedEntity {
    var entity = TransitRealtime_FeedEntity()
    entity.id = id
    var informed = TransitRealtime_EntitySelector()
    if let route { informed.routeID = route }
    if let stop { informed.stopID = stop }
    entity.alert.informedEntity = [informed]
    var text = TransitRealtime_TranslatedString.Translation()
    text.text = header
    entity.alert.headerText.translation = [text]
    if let end {
      var period = TransitRealtime_TimeRange()
      period.end = end
      entity.alert.activePeriod = [period]
    }
    return entity
  }

  /// Alerts on the rider's line (MRTJ_NS) and on a station of the journey (SFTM, Fatmawati) are
  /// shown once, escaped; one on another route, or over before the ride, is not.
  @Test func alertsOnTheRidersLineOrStationAreShownOnce() throws {
    let directory = try TemporaryDirectory()
    let alerts = [
      Self.alert("line", header: "Signal fault\u{1B}[2J near Blok M", route: "MRTJ_NS"),
      Self.alert("station", header: "Lift out of order", stop: "SFTM"),
      Self.alert("elsewhere", header: "Another line stopped", route: "KRL_BOGOR"),
      Self.alert("over", header: "Yesterday's works", route: "MRTJ_NS", activeUntil: Self.platformTime - 86_400),
    ]
    let (found, result) = try run([
      "--gtfs-rt", try Self.feedFile(in: directory, alerts: alerts), "--gtfs-rt-max-age", "3600",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(found.count == 12)
    let shown = result.stderr.split(separator: "\n").filter { $0.contains("beacon-ride: alert: ") }
    #expect(
      shown == ["beacon-ride: alert: Signal fault\\e[2J near Blok M", "beacon-ride: alert: Lift out of order"],
      "\(result.stderr)")
    #expect(result.stderr.contains("1 route_id of the realtime feed is not in the static feed (KRL_BOGOR)"))
  }

  /// `--plan` with a feed fresh now (its timestamp this machine's clock) cancelling Friday's trip
  /// 023: the journey leaving at 07:33 takes 024, at 07:39:50.
  @Test func thePlanLeavesOutACancelledTrip() throws {
    let directory = try TemporaryDirectory()
    var message = TransitRealtime_FeedMessage()
    message.header.gtfsRealtimeVersion = "2.0"
    message.header.timestamp = UInt64(Date().timeIntervalSince1970)
    var entity = TransitRealtime_FeedEntity()
    entity.id = "1"
    entity.tripUpdate.trip.tripID = "NS-WD-LBB-BHI-023"
    entity.tripUpdate.trip.startDate = "20261127"
    entity.tripUpdate.trip.scheduleRelationship = .canceled
    message.entity = [entity]
    let path = try directory.write(try message.serializedBytes(), to: "cancel.pb")
    let arguments = [
      "--gtfs", Self.feed, "--plan", "--from", "SLBB", "--to", "SBHI", "--at", "2026-11-27T07:33", "--format", "json",
    ]
    let scheduled = try Executable.run("beacon-ride", arguments)
    #expect(scheduled.stdout.contains("\"departure\":\"2026-11-27T07:34:50+07:00\""), "\(scheduled.stdout)")
    let live = try Executable.run("beacon-ride", arguments + ["--gtfs-rt", path])
    #expect(live.status == 0, "\(live.stderr)")
    #expect(live.stdout.contains("\"trip\":\"NS-WD-LBB-BHI-024\""), "\(live.stdout)")
    #expect(live.stdout.contains("\"departure\":\"2026-11-27T07:39:50+07:00\""), "\(live.stdout)")
  }

  /// An update for trip 023's run of another day (its start_date Thursday's) is not the ride's,
  /// on the platform or on the train: every value is the timetable's. Friday's start_date is.
  @Test(arguments: [("20261126", "schedule"), ("20261127", "realtime")])
  func anUpdateIsForItsStartDatesRunOnly(startDate: String, source: String) throws {
    let directory = try TemporaryDirectory()
    let path = try Self.feedFile(in: directory, startDate: startDate)
    let (found, result) = try run(["--gtfs-rt", path, "--gtfs-rt-max-age", "3600"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(found.count == 12)
    #expect(departures(try #require(found.first)).first?.hasSuffix(" \(source)") == true, "\(found.first ?? [:])")
    for event in found.dropFirst(2) {
      #expect(object(event["delay"])["source"] as? String == source, "\(event)")
      #expect(object(event["eta"])["source"] as? String == source, "\(event)")
    }
  }

  /// `--plan` with a feed fresh now delaying Friday's trip 023 by 2 minutes: the journey leaving
  /// at 07:33 takes it at its live 07:36:50, and its leg says so (`source`, "(live)" in text); the
  /// timetable alone plans it at 07:34:50 from the schedule.
  @Test func aPlannedLegSaysWhetherItsTimesAreLive() throws {
    let directory = try TemporaryDirectory()
    let path = try Self.feedFile(
      in: directory, timestamp: UInt64(Date().timeIntervalSince1970), tripLevel: true, startDate: "20261127")
    let arguments = ["--gtfs", Self.feed, "--plan", "--from", "SLBB", "--to", "SBHI", "--at", "2026-11-27T07:33"]
    func firstLeg(_ extra: [String]) throws -> [String: Any] {
      let result = try Executable.run("beacon-ride", arguments + ["--format", "json"] + extra)
      #expect(result.status == 0, "\(result.stderr)")
      let plan = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      return try #require((plan["legs"] as? [[String: Any]])?.first, "\(plan)")
    }
    let scheduled = try firstLeg([])
    #expect(scheduled["departure"] as? String == "2026-11-27T07:34:50+07:00", "\(scheduled)")
    #expect(scheduled["source"] as? String == "schedule", "\(scheduled)")
    let live = try firstLeg(["--gtfs-rt", path])
    #expect(live["trip"] as? String == "NS-WD-LBB-BHI-023", "\(live)")
    #expect(live["departure"] as? String == "2026-11-27T07:36:50+07:00", "\(live)")
    #expect(live["source"] as? String == "realtime", "\(live)")
    let text = try Executable.run("beacon-ride", arguments + ["--gtfs-rt", path])
    let legs = text.stdout.split(separator: "\n").dropFirst()
    #expect(legs.first?.hasPrefix("  07:36–") == true && legs.first?.hasSuffix(" (live)") == true, "\(text.stdout)")
  }

  @Test func bytesThatAreNoFeedEndTheRun() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("feed.html")
    try Data("<html>not found</html>".utf8).write(to: URL(fileURLWithPath: path))
    let (_, result) = try run(["--gtfs-rt", path])
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("feed.html: not a GTFS-Realtime feed"), "\(result.stderr)")
  }
}
