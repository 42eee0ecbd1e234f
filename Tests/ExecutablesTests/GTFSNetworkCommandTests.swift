import BeaconTestSupport
import Foundation
import Testing

/// `--gtfs FEED`: the network of a real feed in Fixtures/gtfs replaces the built-in one, or gives
/// a `--catalog`'s stations their timetable.
@Suite struct GTFSNetworkCommandTests {
  static let kobe = TestPaths.fixture("gtfs/kobe-subway.zip")

  @Test func listStationsOfTheKobeFeedAsJSON() throws {
    let result = try Executable.run("beacon-broadcast", ["--gtfs", Self.kobe, "--list-stations", "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let stations = try result.stdout.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    // stops.txt: 26 stations (location_type 1), 17 on the Seishin-Yamate line and 10 on the
    // Kaigan line, Shin-Nagata on both.
    #expect(stations.count == 26)
    let harborland = try #require(stations.first { $0["displayName"] as? String == "ハーバーランド" })
    #expect(harborland["stopId"] as? String == "ハーバーランド")
    #expect(harborland["uuid"] as? String == "F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3")
    #expect(harborland["major"] as? Int == 2)
    #expect(harborland["minor"] as? Int == 7)
    #expect(harborland["latitude"] != nil && harborland["longitude"] != nil)
    #expect(harborland["lines"] as? [String] == ["海岸線"])
    let shinNagata = try #require(stations.first { $0["name"] as? String == "新長田" })
    #expect(shinNagata["lines"] as? [String] == ["西神・山手線", "海岸線"])
    #expect(shinNagata["major"] as? Int == 1)
    #expect(shinNagata["minor"] as? Int == 9)
  }

  @Test func aStationOfTheFeedIsFoundByItsName() throws {
    let result = try Executable.run(
      "beacon-broadcast", ["--gtfs", Self.kobe, "--station", "三宮・花時計前", "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"major\":2"), "\(result.stdout)")
    #expect(result.stdout.contains("\"minor\":10"), "\(result.stdout)")
  }

  /// The capture's beacons are numbered as the built-in MRT line is, which is the default scheme
  /// on the Jakarta feed (route 1, the station's position): the feed's names come out.
  @Test func aRideOverTheJakartaFeedArrivesAtAStationNamedByItsStopID() throws {
    let result = try Executable.run(
      "beacon-ride",
      [
        "--replay", TestPaths.fixture("ride-stops-short.btsnoop"), "--gtfs", TestPaths.fixture("gtfs/jakarta-mrt.zip"),
        "--to", "SBKA",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let arrived = result.stdout.split(separator: "\n").filter { $0.contains("ARRIVED") }
    #expect(arrived.count == 1, "\(result.stdout)")
    #expect(arrived.first?.contains("Stasiun MRT Blok A (StasiunMRTBlokA)") == true, "\(result.stdout)")
  }

  /// The Kobe feed unpacked, its `stop_times.txt` (CRLF lines) lines 3 to 2 + `count` given a
  /// malformed arrival_time.
  private func kobeWithBrokenTimes(_ count: Int, in directory: TemporaryDirectory) throws {
    let unzip = Process()
    unzip.executableURL = URL(fileURLWithPath: try #require(TestPaths.executable("python3")))
    unzip.arguments = ["-m", "zipfile", "-e", Self.kobe, directory.url.path]
    try unzip.run()
    unzip.waitUntilExit()
    try #require(unzip.terminationStatus == 0)
    let file = directory.path("stop_times.txt")
    var lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\r\n")
    let header = lines[0].components(separatedBy: ",")
    let column = try #require(header.firstIndex { $0.hasSuffix("arrival_time") })
    for index in 2..<(2 + count) {
      var cells = lines[index].components(separatedBy: ",")
      cells[column] = "5:7x:00\u{1B}[2J"
      lines[index] = cells.joined(separator: ",")
    }
    try lines.joined(separator: "\r\n").write(toFile: file, atomically: true, encoding: .utf8)
  }

  @Test func aBrokenRowIsAWarningNamingFileLineAndColumn() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try kobeWithBrokenTimes(1, in: directory)
    let result = try Executable.run("beacon-broadcast", ["--gtfs", directory.url.path, "--list-stations"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.components(separatedBy: "\n") == [
        "feed \(directory.url.path): 1 warning: 1 invalid_time",
        #"  invalid_time: stop_times.txt line 3, column arrival_time: "5:7x:00\u{1B}[2J" is not a time HH:MM:SS (the row is left out)"#,
        "",
      ])
    #expect(result.stdout.contains("新神戸"))
  }

  @Test func theFirstFiveWarningsAndAllWithFeedWarnings() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try kobeWithBrokenTimes(7, in: directory)
    let some = try Executable.run("beacon-broadcast", ["--gtfs", directory.url.path, "--list-stations"])
    #expect(some.status == 0, "\(some.stderr)")
    let someLines = some.stderr.split(separator: "\n")
    #expect(someLines.first == "feed \(directory.url.path): 7 warnings: 7 invalid_time")
    #expect(
      someLines.dropFirst().prefix(5).map { $0.contains("stop_times.txt line ") } == Array(repeating: true, count: 5))
    #expect(someLines.last == "  … and 2 more (--feed-warnings lists them all)")
    let all = try Executable.run(
      "beacon-broadcast", ["--gtfs", directory.url.path, "--list-stations", "--feed-warnings"])
    #expect(all.status == 0, "\(all.stderr)")
    #expect(
      all.stderr.split(separator: "\n").dropFirst().map { $0.contains("stop_times.txt line ") }
        == Array(repeating: true, count: 7))
  }

  @Test func aFeedWithNothingUsableExits65() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try kobeWithBrokenTimes(0, in: directory)
    let file = directory.path("stop_times.txt")
    let header = try #require(try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\r\n").first)
    try "\(header)\r\n".write(toFile: file, atomically: true, encoding: .utf8)
    let result = try Executable.run("beacon-broadcast", ["--gtfs", directory.url.path, "--list-stations"])
    #expect(result.status == 65, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix("beacon-broadcast: \(directory.url.path): stop_times.txt: no row can be read"),
      "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  /// `--catalog` with `--gtfs`: the catalog's own stations and beacons, the feed's timetable for
  /// those that name their stop (`stopId`) and its platforms' centre for those with no coordinate.
  @Test func aCatalogWithAFeedTakesTheFeedsTimetableAndCoordinates() throws {
    let directory = try TemporaryDirectory(files: [
      "mine.json": """
      {"stations": [
        {"name": "Home", "stopId": "SLBB", "uuid": "11111111-2222-3333-4444-555555555555", "major": 7, "minor": 1},
        {"name": "Office", "stopId": "GBKM02", "uuid": "11111111-2222-3333-4444-555555555555", "major": 7, "minor": 2},
        {"name": "Gym", "latitude": -6.2, "longitude": 106.8, "uuid": "11111111-2222-3333-4444-555555555555", "major": 7, "minor": 3}
      ]}
      """
    ])
    defer { directory.remove() }
    let jakarta = TestPaths.fixture("gtfs/jakarta-mrt.zip")
    let both = ["--catalog", directory.path("mine.json"), "--gtfs", jakarta]
    let listing = try Executable.run("beacon-broadcast", both + ["--list-stations", "--format", "json"])
    #expect(listing.status == 0, "\(listing.stderr)")
    let home = try #require(listing.stdout.split(separator: "\n").first)
    #expect(home.contains(#""name":"Home","stopId":"SLBB""#), "\(home)")
    #expect(home.contains(#""latitude":-6.289275,"longitude":106.774935"#), "\(home)")
    // The journey by the feed's timetable, as the feed's own network plans it.
    let mine = try Executable.run(
      "beacon-ride",
      both + ["--plan", "--from", "Home", "--to", "Office", "--at", "2026-11-27T07:00", "--format", "json"])
    let feeds = try Executable.run(
      "beacon-ride",
      ["--gtfs", jakarta, "--plan", "--from", "SLBB", "--to", "SBKM", "--at", "2026-11-27T07:00", "--format", "json"])
    #expect(mine.status == 0, "\(mine.stderr)")
    #expect(mine.stdout.contains(#""departure":"2026-11-27T07:04:30+07:00","arrival":"2026-11-27T07:17:20+07:00""#))
    #expect(feeds.stdout.contains(#""departure":"2026-11-27T07:04:30+07:00","arrival":"2026-11-27T07:17:20+07:00""#))
    // A station the feed does not have: the journey without times, and --at refused.
    let gym = try Executable.run("beacon-ride", both + ["--plan", "--from", "Home", "--to", "Gym", "--at", "07:00"])
    #expect(gym.status == 64)
    #expect(gym.stderr.contains("Home and Gym are not both stations of the timetable"), "\(gym.stderr)")
  }

  /// The built-in feed is held in memory and has no folder: a `beacons.txt` in the working
  /// directory (here a malformed one) is not read as lying beside it.
  @Test func aBeaconsFileInTheWorkingDirectoryIsNotTheBuiltInFeeds() throws {
    let directory = try TemporaryDirectory(files: ["beacons.txt": "stop_id,uuid,major,minor\nSLBB,x,1,1\n"])
    defer { directory.remove() }
    let result = try ChildProcess(
      executable: "/bin/sh",
      arguments: [
        "-c", #"cd "$0" && exec "$1" --list-stations --format json"#, directory.url.path,
        TestPaths.productsDirectory.appendingPathComponent("beacon-broadcast").path,
      ]
    ).finish(seconds: 20)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count == 55)
  }

  @Test func aCatalogWithAFeedRefusesAStopTheFeedDoesNotHaveAndABeaconUUID() throws {
    let directory = try TemporaryDirectory(files: [
      "mine.json": """
      {"stations": [{"name": "Home", "stopId": "NOPE", "uuid": "11111111-2222-3333-4444-555555555555", "major": 7, "minor": 1}]}
      """
    ])
    defer { directory.remove() }
    let both = ["--catalog", directory.path("mine.json"), "--gtfs", TestPaths.fixture("gtfs/jakarta-mrt.zip")]
    let unknown = try Executable.run("beacon-broadcast", both + ["--list-stations"])
    #expect(unknown.status == 65, "\(unknown.stderr)")
    #expect(unknown.stderr.contains(#"station "Home": "stopId" NOPE is no station or platform of the feed"#))
    let uuid = try Executable.run(
      "beacon-broadcast", both + ["--beacon-uuid", "11111111-2222-3333-4444-555555555555", "--list-stations"])
    #expect(uuid.status == 64, "\(uuid.stderr)")
    #expect(uuid.stderr.contains("--beacon-uuid numbers a --gtfs feed's stations"), "\(uuid.stderr)")
  }

  @Test func routeTypesWithoutThoseRoutesExits65AndAMalformedListIsAUsageError() throws {
    let bus = try Executable.run("beacon-broadcast", ["--gtfs", Self.kobe, "--route-types", "3", "--list-stations"])
    #expect(bus.status == 65, "\(bus.stderr)")
    #expect(bus.stderr.hasPrefix("beacon-broadcast: \(Self.kobe): the feed has no route with a trip"), "\(bus.stderr)")
    let malformed = try Executable.run(
      "beacon-broadcast", ["--gtfs", Self.kobe, "--route-types", "1,x", "--list-stations"])
    #expect(malformed.status == 64, "\(malformed.stderr)")
    #expect(malformed.stderr.contains("--route-types 1,x is not a list of route_type numbers"), "\(malformed.stderr)")
  }
}
