import BeaconTestSupport
import Foundation
import Testing

// The expected trips and times were read from the feeds' stop_times.txt, trips.txt and
// calendar.txt with Python's csv module, not with this code.

/// `beacon-ride --gtfs FEED --plan`: the earliest arrival by the feed's timetable.
@Suite struct TimetablePlanCommandTests {
  static let jakarta = TestPaths.fixture("gtfs/jakarta-mrt.zip")
  static let kobe = TestPaths.fixture("gtfs/kobe-subway.zip")

  func plan(_ feed: String, _ arguments: [String], environment: [String: String]? = nil) throws -> ProcessResult {
    try Executable.run("beacon-ride", ["--gtfs", feed, "--plan"] + arguments, environment: environment)
  }

  func object(_ result: ProcessResult) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
  }

  /// Friday 2026-11-27 (weekday service WD): the 07:29:40 has left; NS-WD-LBB-BHI-023 leaves
  /// Lebak Bulus (platform GLBB02) at 07:34:50 and reaches Bundaran HI at 08:04:30, Jakarta time
  /// (+07:00), whatever this machine's time zone.
  @Test(arguments: [nil, "UTC", "America/New_York", "Asia/Tokyo"])
  func jakartaOnAWeekdayMorningInTheFeedsTimeZone(machineZone: String?) throws {
    var environment = ProcessInfo.processInfo.environment
    environment["TZ"] = machineZone
    let result = try plan(
      Self.jakarta, ["--from", "SLBB", "--to", "SBHI", "--at", "2026-11-27T07:30", "--format", "json"],
      environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let journey = try object(result)
    #expect(journey["from"] as? String == "StasiunMRTLebakBulusBankSyariahIndonesia")
    #expect(journey["to"] as? String == "StasiunMRTBundaranHIBankJakarta")
    #expect(journey["at"] as? String == "2026-11-27T07:30:00+07:00")
    #expect(journey["timeZone"] as? String == "Asia/Jakarta")
    #expect(journey["departure"] as? String == "2026-11-27T07:34:50+07:00")
    #expect(journey["arrival"] as? String == "2026-11-27T08:04:30+07:00")
    let legs = try #require(journey["legs"] as? [[String: Any]])
    #expect(legs.count == 1)
    #expect(legs.first?["line"] as? String == "NS")
    #expect(legs.first?["trip"] as? String == "NS-WD-LBB-BHI-023")
    #expect(legs.first?["from"] as? String == "StasiunMRTLebakBulusBankSyariahIndonesia")
    #expect(legs.first?["to"] as? String == "StasiunMRTBundaranHIBankJakarta")
    #expect(legs.first?["departure"] as? String == "2026-11-27T07:34:50+07:00")
    #expect(legs.first?["arrival"] as? String == "2026-11-27T08:04:30+07:00")
    #expect(legs.first?["stops"] as? Int == 12)
  }

  @Test func aTimeWithAnOffsetIsThatMoment() throws {
    // 00:30 UTC is 07:30 in Jakarta: the same journey.
    let result = try plan(
      Self.jakarta, ["--from", "SLBB", "--to", "SBHI", "--at", "2026-11-27T00:30Z", "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try object(result)["departure"] as? String == "2026-11-27T07:34:50+07:00")
  }

  /// Kobe on a weekday (service w): the 08:03 from Seishin-chuo reaches Shin-Nagata at 08:24, the
  /// Kaigan line's 08:26 Komagabayashi at 08:27; the 08:00 arrives no earlier, so the later one
  /// is given.
  @Test func kobeWithAChangeOfLines() throws {
    let result = try plan(Self.kobe, ["--from", "西神中央", "--to", "駒ヶ林", "--at", "2017-11-10T08:00"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 3, "\(result.stdout)")
    #expect(
      lines.first
        == "西神中央 → 駒ヶ林 on 2017-11-10: leave 08:03, arrive 08:27 (24 min, 1 change); times in Asia/Tokyo (+09:00)")
    #expect(lines.dropFirst().first == "  08:03–08:24  西神・山手線 towards 新神戸: 西神中央 → 新長田, 8 stops")
    #expect(lines.last == "  08:26–08:27  海岸線 towards 三宮・花時計前: 新長田 → 駒ヶ林, 1 stop")
  }

  @Test func aWalkIsALegWithItsMinutes() throws {
    let directory = try TemporaryDirectory(files: TwoLinesAndAWalkFeed.files)
    defer { directory.remove() }
    // Saturday 06:30: L1 to D, a 7-minute walk to F, L3 to G (the feed's description).
    let result = try plan(
      directory.url.path, ["--from", "A", "--to", "G", "--at", "2026-03-28T06:30", "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let journey = try object(result)
    #expect(journey["departure"] as? String == "2026-03-28T06:30:00+01:00")
    #expect(journey["arrival"] as? String == "2026-03-28T07:14:00+01:00")
    let legs = try #require(journey["legs"] as? [[String: Any]])
    #expect(legs.count == 3)
    #expect(legs.dropFirst().first?["walkTo"] as? String == "StationF")
    #expect(legs.dropFirst().first?["from"] as? String == "StationD")
    #expect(legs.dropFirst().first?["walkingMinutes"] as? Int == 7)
    #expect(legs.last?["line"] as? String == "L3")
  }

  @Test func noTripUntilTheEndOfTheNextDayExits1NamingTheNextDayWithOne() throws {
    // The feed's calendar starts on Monday 2019-04-01.
    let result = try plan(
      Self.jakarta, ["--from", "SLBB", "--to", "SBHI", "--at", "2019-03-29T23:30", "--format", "json"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("the next day with one is 2019-04-01 (Monday)"), "\(result.stderr)")
    let answer = try object(result)
    #expect(answer["nextServiceDay"] as? String == "2019-04-01")
    #expect(answer["departure"] is NSNull)
  }

  @Test func pastTheEndOfTheCalendarExits1SayingWhereItEnds() throws {
    let result = try plan(Self.jakarta, ["--from", "SLBB", "--to", "SBHI", "--at", "2031-01-05T07:00"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.contains("none in the year after (the feed's calendar runs 2019-04-01 to 2030-12-31)"),
      "\(result.stderr)")
  }

  @Test(arguments: [
    ["--at", "2026-02-30T07:00"], ["--at", "07:61"], ["--at", "tomorrow"], ["--at", "2026-11-27T07:00+25:00"],
  ])
  func aMalformedTimeExits64(_ arguments: [String]) throws {
    let result = try plan(Self.jakarta, ["--from", "SLBB", "--to", "SBHI"] + arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains("'--at <time>'"), "\(result.stderr)")
  }

  /// The built-in network plans the MRT by its feed's timetable, with no --gtfs.
  @Test func theBuiltInNetworkPlansTheMRTByItsTimetable() throws {
    let builtIn = try Executable.run(
      "beacon-ride",
      ["--plan", "--from", "LebakBulus", "--to", "BlokM", "--at", "2026-11-27T07:00", "--format", "json"])
    #expect(builtIn.status == 0, "\(builtIn.stderr)")
    let byFeed = try plan(
      Self.jakarta, ["--from", "SLBB", "--to", "SBKM", "--at", "2026-11-27T07:00", "--format", "json"])
    let times = { (text: String) throws -> [String?] in
      let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
      return [object["departure"] as? String, object["arrival"] as? String]
    }
    #expect(try times(builtIn.stdout) == times(byFeed.stdout))
    #expect(try times(builtIn.stdout).allSatisfy { $0?.hasPrefix("2026-11-27T07:") == true })
  }

  /// On a machine without the time zone database the built-in timetable is left out, saying so:
  /// the journey is planned without times (a --gtfs feed's timetable would exit 69 instead).
  @Test func withoutATimeZoneDatabaseTheBuiltInNetworkPlansWithoutTimes() throws {
    var environment = ProcessInfo.processInfo.environment
    environment["TZDIR"] = "/nonexistent/zoneinfo"
    let result = try ChildProcess(
      executable: TestPaths.productsDirectory.appendingPathComponent("beacon-ride").path,
      arguments: ["--plan", "--from", "LebakBulus", "--to", "BlokM"], environment: environment
    ).finish(seconds: 20)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("the built-in timetable is left out"), "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Lebak Bulus → Blok M: 5 stops, 0 transfers"), "\(result.stdout)")
  }

  /// Off the built-in timetable (the airport line has none), --at is refused and the journey
  /// without times is given without it.
  @Test func atOffTheBuiltInTimetableIsRefused() throws {
    let timed = try Executable.run(
      "beacon-ride", ["--plan", "--from", "LebakBulus", "--to", "SoekarnoHatta", "--at", "2026-11-27T07:00"])
    #expect(timed.status == 64)
    #expect(
      timed.stderr.contains("LebakBulus and SoekarnoHatta are not both stations of the timetable"), "\(timed.stderr)")
    let untimed = try Executable.run("beacon-ride", ["--plan", "--from", "LebakBulus", "--to", "SoekarnoHatta"])
    #expect(untimed.status == 0, "\(untimed.stderr)")
    #expect(untimed.stdout.contains("walk from Dukuh Atas to BNI City"), "\(untimed.stdout)")
    let withoutPlan = try Executable.run("beacon-ride", ["--gps", "--to", "BlokM", "--at", "07:00"])
    #expect(withoutPlan.status == 64)
    #expect(withoutPlan.stderr.contains("give --plan too"), "\(withoutPlan.stderr)")
  }

  @Test(arguments: ["Mars/Olympus_Mons", "../../../etc/passwd", "Asia/Jakarta\u{1B}[2J"])
  func anAgencyTimeZoneThatIsNoZoneExits65NamingTheCell(zone: String) throws {
    var files = TwoLinesAndAWalkFeed.files
    files["agency.txt"] =
      "agency_id,agency_name,agency_url,agency_timezone\nT,Test Transit,https://example.org,\"\(zone)\"\n"
    let directory = try TemporaryDirectory(files: files)
    defer { directory.remove() }
    let result = try plan(directory.url.path, ["--from", "A", "--to", "D", "--at", "2026-03-28T06:30"])
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("agency.txt line 2, column agency_timezone: "), "\(result.stderr)")
    #expect(!result.stderr.contains("\u{1B}"))
  }

  /// A zone "file" that is a FIFO (the C library would block reading it) or not a zone file at
  /// all is no zone: exit 65 at once, the database being `$TZDIR`.
  @Test(arguments: ["Test/Pipe", "Test/Text"])
  func aZoneFileThatIsAFIFOOrNoZoneFileIsRefused(zone: String) throws {
    let database = try TemporaryDirectory()
    defer { database.remove() }
    try FileManager.default.createDirectory(atPath: database.path("Test"), withIntermediateDirectories: true)
    #expect(mkfifo(database.path("Test/Pipe"), 0o644) == 0)
    _ = try database.write(Array("not a zone\n".utf8), to: "Test/Text")
    var files = TwoLinesAndAWalkFeed.files
    files["agency.txt"] =
      "agency_id,agency_name,agency_url,agency_timezone\nT,Test Transit,https://example.org,\(zone)\n"
    let feed = try TemporaryDirectory(files: files)
    defer { feed.remove() }
    var environment = ProcessInfo.processInfo.environment
    environment["TZDIR"] = database.url.path
    let result = try ChildProcess(
      executable: TestPaths.productsDirectory.appendingPathComponent("beacon-ride").path,
      arguments: ["--gtfs", feed.url.path, "--plan", "--from", "A", "--to", "D", "--at", "2026-03-28T06:30"],
      environment: environment
    ).finish(seconds: 20)
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("agency.txt line 2, column agency_timezone: \"\(zone)\""), "\(result.stderr)")
  }
}
