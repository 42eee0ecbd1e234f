import BeaconTestSupport
import Testing
import TransitFeeds

/// `calendar_dates`, `frequencies`, `transfers` and `pathways`, which the Jakarta feed does not
/// have: a small feed written here, and each of their references and values broken once.
@Suite("GTFS: calendar dates, frequencies, transfers and pathways")
struct OptionalTablesTests {
  static let files: [String: String] = [
    "agency.txt": "agency_name,agency_url,agency_timezone\nMetro,https://example.org,Asia/Jakarta\n",
    "stops.txt": """
    stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station
    A,Alpha,-6.2,106.8,1,
    A1,Alpha,-6.2,106.8,0,A
    A2,Alpha,-6.2,106.8,0,A
    B,Beta,-6.3,106.8,0,

    """,
    "routes.txt": "route_id,route_short_name,route_type\nR,Red,1\n",
    "trips.txt": "route_id,service_id,trip_id,direction_id\nR,S,T,1\n",
    // No calendar.txt: a service defined by its dates alone.
    "calendar_dates.txt": "service_id,date,exception_type\nS,20261128,1\nS,20261129,2\n",
    "stop_times.txt":
      "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT,06:00:00,06:00:00,A1,1\nT,06:04:00,06:04:00,B,2\n",
    "frequencies.txt": "trip_id,start_time,end_time,headway_secs,exact_times\nT,06:00:00,22:00:00,300,1\n",
    "transfers.txt": "from_stop_id,to_stop_id,transfer_type,min_transfer_time\nA1,A2,2,180\n",
    "pathways.txt": "pathway_id,from_stop_id,to_stop_id,pathway_mode,is_bidirectional,traversal_time\nP,A1,A2,1,1,90\n",
  ]

  @Test func readsTheOptionalTables() throws {
    let directory = try TemporaryDirectory(files: Self.files)
    defer { directory.remove() }
    let feed = try Feed.load(from: directory.url.path)
    let service = feed.services[try #require(feed.service(id: "S"))]
    #expect(service.runs(on: ServiceDate(year: 2026, month: 11, day: 28)))
    #expect(!service.runs(on: ServiceDate(year: 2026, month: 11, day: 29)))
    #expect(!service.runs(on: ServiceDate(year: 2026, month: 11, day: 27)))
    let frequency = try #require(feed.frequencies.first)
    #expect(feed.frequencies.count == 1)
    #expect(frequency.trip == 0 && frequency.headwaySeconds == 300 && frequency.exactTimes)
    #expect(frequency.start.description == "06:00:00" && frequency.end.description == "22:00:00")
    let transfer = try #require(feed.transfers.first)
    #expect(transfer.fromStop == 1 && transfer.toStop == 2 && transfer.type == 2 && transfer.minTransferTime == 180)
    let pathway = try #require(feed.pathways.first)
    #expect(pathway.id == "P" && pathway.fromStop == 1 && pathway.toStop == 2)
    #expect(pathway.mode == 1 && pathway.isBidirectional && pathway.traversalTime == 90)
    // One station with two platforms; B, a stop standing alone (no parent_station), is a station
    // of its own.
    #expect(feed.stations == [0, 3])
    #expect(feed.platforms(ofStation: 3) == [3])
    #expect(feed.platforms(ofStation: 0) == [1, 2])
    #expect(feed.trips[0].directionID == 1)
  }

  @Test(arguments: [
    (
      "frequencies.txt", "T,06:00:00,22:00:00,300,1", "T,06:00:00,22:00:00,0,1",
      FeedError.malformedValue(
        file: "frequencies.txt", line: 2, column: "headway_secs", value: "0", expected: "a positive integer")
    ),
    (
      "frequencies.txt", "T,06:00:00,22:00:00,300,1", "X,06:00:00,22:00:00,300,1",
      FeedError.unknownReference(
        file: "frequencies.txt", line: 2, column: "trip_id", value: "X", definedIn: "trips.txt")
    ),
    (
      "frequencies.txt", "T,06:00:00,22:00:00,300,1", "T,06:00,22:00:00,300,1",
      FeedError.malformedValue(
        file: "frequencies.txt", line: 2, column: "start_time", value: "06:00", expected: "a time HH:MM:SS")
    ),
    (
      "transfers.txt", "A1,A2,2,180", "A1,Z9,2,180",
      FeedError.unknownReference(
        file: "transfers.txt", line: 2, column: "to_stop_id", value: "Z9", definedIn: "stops.txt")
    ),
    (
      "transfers.txt", "A1,A2,2,180", "A1,A2,2,-5",
      FeedError.malformedValue(
        file: "transfers.txt", line: 2, column: "min_transfer_time", value: "-5",
        expected: "a whole number of seconds")
    ),
    (
      "pathways.txt", "P,A1,A2,1,1,90", "P,Q1,A2,1,1,90",
      FeedError.unknownReference(
        file: "pathways.txt", line: 2, column: "from_stop_id", value: "Q1", definedIn: "stops.txt")
    ),
    (
      "pathways.txt", "P,A1,A2,1,1,90", "P,A1,A2,9,1,90",
      FeedError.malformedValue(
        file: "pathways.txt", line: 2, column: "pathway_mode", value: "9", expected: "one of 1…7")
    ),
    (
      "calendar_dates.txt", "S,20261129,2", "S,20261131,2",
      FeedError.malformedValue(
        file: "calendar_dates.txt", line: 3, column: "date", value: "20261131", expected: "a date YYYYMMDD")
    ),
    (
      "calendar_dates.txt", "S,20261129,2", "S,20261129,3",
      FeedError.malformedValue(
        file: "calendar_dates.txt", line: 3, column: "exception_type", value: "3", expected: "one of 1…2")
    ),
  ])
  func leavesOutABrokenRow(file: String, row: String, broken: String, expected: FeedError) throws {
    var files = Self.files
    files[file] = try #require(files[file]).replacingOccurrences(of: row, with: broken)
    let directory = try TemporaryDirectory(files: files)
    defer { directory.remove() }
    let feed = try Feed.load(from: directory.url.path)
    #expect(feed.warnings.map(\.defect) == [expected])
    #expect(feed.warnings.map(\.outcome) == [.rowSkipped])
    switch file {
    case "frequencies.txt": #expect(feed.frequencies.isEmpty)
    case "transfers.txt": #expect(feed.transfers.isEmpty)
    case "pathways.txt": #expect(feed.pathways.isEmpty)
    default: #expect(feed.service(id: "S").map { feed.services[$0].removedDates.isEmpty } == true)
    }
  }

  @Test func leavesOutAnOptionalFileWithoutAColumnItNeeds() throws {
    var files = Self.files
    files["transfers.txt"] = "from_stop_id,to_stop_id,min_transfer_time\nA1,A2,180\n"
    let directory = try TemporaryDirectory(files: files)
    defer { directory.remove() }
    let feed = try Feed.load(from: directory.url.path)
    #expect(feed.transfers.isEmpty)
    #expect(
      feed.warnings == [
        FeedWarning(
          kind: .missingRequiredColumn, defect: .missingColumn(file: "transfers.txt", column: "transfer_type"),
          outcome: .fileSkipped)
      ])
  }

  @Test func aParentStationNotDefinedLeavesTheStopStandingAlone() throws {
    var files = Self.files
    files["stops.txt"] = try #require(files["stops.txt"]).replacingOccurrences(of: "0,A\nA2", with: "0,X\nA2")
    let directory = try TemporaryDirectory(files: files)
    defer { directory.remove() }
    let feed = try Feed.load(from: directory.url.path)
    #expect(feed.stations == [0, 1, 3])
    #expect(feed.stops[1].parentStation == nil)
    #expect(
      feed.warnings == [
        FeedWarning(
          kind: .foreignKeyViolation,
          defect: .unknownReference(
            file: "stops.txt", line: 3, column: "parent_station", value: "X", definedIn: "stops.txt"),
          outcome: .stopStandsAlone)
      ])
  }
}
