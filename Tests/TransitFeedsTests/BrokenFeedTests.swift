import Testing
import TransitFeeds

/// The Jakarta feed with one defect each: it loads, with a warning naming the file, line and
/// column of the defect, its GTFS validator notice and what the load did instead.
@Suite("GTFS: broken feeds load, each defect a warning where it is")
struct BrokenFeedTests {
  struct Defect: Sendable, CustomTestStringConvertible {
    let file: String
    let line: Int
    let column: String
    let value: String
    let expected: FeedError
    var kind: FeedWarning.Kind
    var outcome: FeedWarning.Outcome = .rowSkipped
    var testDescription: String { "\(file) line \(line) \(column) = \(value)" }
  }

  static let defects: [Defect] = [
    // stop_times.txt line 4 is NS-WD-LBB-BHI-001 at GCPT02, 05:05:40.
    Defect(
      file: "stop_times.txt", line: 4, column: "stop_id", value: "GXXX02",
      expected: .unknownReference(
        file: "stop_times.txt", line: 4, column: "stop_id", value: "GXXX02", definedIn: "stops.txt"),
      kind: .foreignKeyViolation),
    Defect(
      file: "stop_times.txt", line: 4, column: "trip_id", value: "NS-NO-SUCH-TRIP",
      expected: .unknownReference(
        file: "stop_times.txt", line: 4, column: "trip_id", value: "NS-NO-SUCH-TRIP", definedIn: "trips.txt"),
      kind: .foreignKeyViolation),
    Defect(
      file: "stop_times.txt", line: 4, column: "arrival_time", value: "05:65:40",
      expected: .malformedValue(
        file: "stop_times.txt", line: 4, column: "arrival_time", value: "05:65:40", expected: "a time HH:MM:SS"),
      kind: .invalidTime),
    Defect(
      file: "stop_times.txt", line: 6529, column: "departure_time", value: "24h00",
      expected: .malformedValue(
        file: "stop_times.txt", line: 6529, column: "departure_time", value: "24h00", expected: "a time HH:MM:SS"),
      kind: .invalidTime),
    Defect(
      file: "stop_times.txt", line: 4, column: "stop_sequence", value: "two",
      expected: .malformedValue(
        file: "stop_times.txt", line: 4, column: "stop_sequence", value: "two", expected: "an integer"),
      kind: .invalidInteger),
    // The trip's stop before line 4 (line 3, GFTM02) departs at 05:03:10.
    Defect(
      file: "stop_times.txt", line: 4, column: "arrival_time", value: "05:03:00",
      expected: .malformedValue(
        file: "stop_times.txt", line: 4, column: "arrival_time", value: "05:03:00",
        expected: "at or after 05:03:10, the trip's time before it"),
      kind: .stopTimeWithArrivalBeforePreviousDepartureTime, outcome: .tripSkipped("NS-WD-LBB-BHI-001")),
    Defect(
      file: "stop_times.txt", line: 4, column: "stop_sequence", value: "1",
      expected: .duplicateID(file: "stop_times.txt", line: 4, column: "stop_sequence", value: "1"), kind: .duplicateKey,
      outcome: .tripSkipped("NS-WD-LBB-BHI-001")),
    // Line 2 is the first stop of NS-WD-LBB-BHI-001; line 14 the last.
    Defect(
      file: "stop_times.txt", line: 2, column: "departure_time", value: "",
      expected: .missingValue(file: "stop_times.txt", line: 2, column: "departure_time"), kind: .missingTripEdge,
      outcome: .tripSkipped("NS-WD-LBB-BHI-001")),
    Defect(
      file: "stop_times.txt", line: 14, column: "arrival_time", value: "",
      expected: .missingValue(file: "stop_times.txt", line: 14, column: "arrival_time"), kind: .missingTripEdge,
      outcome: .tripSkipped("NS-WD-LBB-BHI-001")),
    Defect(
      file: "trips.txt", line: 3, column: "route_id", value: "MRTJ_EW",
      expected: .unknownReference(
        file: "trips.txt", line: 3, column: "route_id", value: "MRTJ_EW", definedIn: "routes.txt"),
      kind: .foreignKeyViolation),
    Defect(
      file: "trips.txt", line: 5, column: "service_id", value: "HOLIDAY",
      expected: .unknownReference(
        file: "trips.txt", line: 5, column: "service_id", value: "HOLIDAY",
        definedIn: "calendar.txt or calendar_dates.txt"), kind: .foreignKeyViolation),
    Defect(
      file: "trips.txt", line: 3, column: "trip_id", value: "NS-WD-LBB-BHI-001",
      expected: .duplicateID(file: "trips.txt", line: 3, column: "trip_id", value: "NS-WD-LBB-BHI-001"),
      kind: .duplicateKey),
    Defect(
      file: "stops.txt", line: 3, column: "parent_station", value: "SXXX",
      expected: .unknownReference(
        file: "stops.txt", line: 3, column: "parent_station", value: "SXXX", definedIn: "stops.txt"),
      kind: .foreignKeyViolation, outcome: .stopStandsAlone),
    Defect(
      file: "stops.txt", line: 2, column: "stop_lat", value: "-96.28",
      expected: .malformedValue(
        file: "stops.txt", line: 2, column: "stop_lat", value: "-96.28", expected: "a number from -90.0 to 90.0"),
      kind: .numberOutOfRange),
    Defect(
      file: "calendar.txt", line: 2, column: "start_date", value: "2019-04-01",
      expected: .malformedValue(
        file: "calendar.txt", line: 2, column: "start_date", value: "2019-04-01", expected: "a date YYYYMMDD"),
      kind: .invalidDate),
    Defect(
      file: "calendar.txt", line: 3, column: "sunday", value: "yes",
      expected: .malformedValue(
        file: "calendar.txt", line: 3, column: "sunday", value: "yes", expected: "an integer"), kind: .invalidInteger),
    Defect(
      file: "routes.txt", line: 2, column: "agency_id", value: "KAI",
      expected: .unknownReference(
        file: "routes.txt", line: 2, column: "agency_id", value: "KAI", definedIn: "agency.txt"),
      kind: .foreignKeyViolation, outcome: .valueIgnored),
    Defect(
      file: "agency.txt", line: 2, column: "agency_timezone", value: "",
      expected: .missingValue(file: "agency.txt", line: 2, column: "agency_timezone"), kind: .missingRequiredField),
  ]

  @Test(arguments: defects)
  func warnsOfTheDefectAtItsCell(_ defect: Defect) throws {
    let copy = try FeedCopy("jakarta-mrt.zip")
    defer { copy.directory.remove() }
    let intact = try Feed.load(from: copy.path)
    #expect(intact.warnings.isEmpty)
    try copy.set(defect.file, line: defect.line, column: defect.column, to: defect.value)
    let feed = try Feed.load(from: copy.path)
    let warning = try #require(feed.warnings.first { $0.defect == defect.expected }, "\(feed.warnings)")
    #expect(warning.kind == defect.kind)
    #expect(warning.outcome == defect.outcome)
    #expect(warning.file == defect.file)
    #expect(warning.line == defect.line)
    #expect(warning.column == defect.column)
    #expect(!warning.description.contains("\n"))
    #expect(warning.description.hasPrefix("\(defect.kind.rawValue): \(defect.file) line \(defect.line)"))
    // What the load did instead.
    switch defect.outcome {
    case .rowSkipped where defect.file == "stop_times.txt":
      #expect(feed.stopTimes.count == intact.stopTimes.count - 1)
    case .tripSkipped(let trip):
      let index = try #require(feed.trip(id: trip))
      #expect(feed.trips[index].stopTimes.isEmpty)
      #expect(feed.stopTimes.count == intact.stopTimes.count - intact.trips[index].stopTimes.count)
    case .stopStandsAlone:
      let stop = try #require(feed.stop(id: "GLBB01"))
      #expect(feed.stops[stop].parentStation == nil)
      #expect(feed.station(of: stop) == stop)
    default: break
    }
  }

  @Test(arguments: ["agency.txt", "stops.txt", "routes.txt", "trips.txt", "stop_times.txt"])
  func refusesAFeedWithoutARequiredFile(_ file: String) throws {
    let copy = try FeedCopy("jakarta-mrt.zip")
    defer { copy.directory.remove() }
    try copy.remove(file)
    #expect(throws: FeedError.missingFile(file)) { try Feed.load(from: copy.path) }
  }

  @Test func refusesAFeedWithoutACalendar() throws {
    let copy = try FeedCopy("jakarta-mrt.zip")
    defer { copy.directory.remove() }
    try copy.remove("calendar.txt")
    let error = #expect(throws: FeedError.self) { try Feed.load(from: copy.path) }
    #expect(error == .missingFile("calendar.txt"))
    #expect(error?.description == "the feed has neither calendar.txt nor calendar_dates.txt; a feed needs one of them")
  }

  @Test func refusesAFeedWithoutARequiredColumn() throws {
    let copy = try FeedCopy("jakarta-mrt.zip")
    defer { copy.directory.remove() }
    try copy.set("stop_times.txt", line: 1, column: "stop_id", to: "stop")
    let error = #expect(throws: FeedError.self) { try Feed.load(from: copy.path) }
    #expect(error == .missingColumn(file: "stop_times.txt", column: "stop_id"))
    #expect(error?.description == "stop_times.txt line 1: no column stop_id; the GTFS Schedule Reference requires it")
  }

  @Test func namesTheCellInOneLine() throws {
    let copy = try FeedCopy("jakarta-mrt.zip")
    defer { copy.directory.remove() }
    try copy.set("stop_times.txt", line: 4, column: "stop_id", to: "G\u{1B}[31mX")
    let feed = try Feed.load(from: copy.path)
    #expect(
      feed.warnings.map(\.description) == [
        "foreign_key_violation: stop_times.txt line 4, column stop_id: \"G\\u{1B}[31mX\" is not defined in stops.txt; fix the feed (the row is left out)"
      ])
  }

  @Test func readsAgenciesInTwoTimeZonesInTheFirstOnesZone() throws {
    let copy = try FeedCopy("jakarta-mrt.zip")
    defer { copy.directory.remove() }
    try copy.write(
      "agency_id,agency_name,agency_url,agency_timezone\nMRTJ,MRT Jakarta,https://jakartamrt.co.id,Asia/Jakarta\n"
        + "KAI,KAI Commuter,https://commuterline.id,Asia/Makassar\n", to: "agency.txt")
    let feed = try Feed.load(from: copy.path)
    #expect(feed.timeZone == "Asia/Jakarta")
    #expect(
      feed.warnings == [
        FeedWarning(
          kind: .inconsistentAgencyTimezone,
          defect: .malformedValue(
            file: "agency.txt", line: 3, column: "agency_timezone", value: "Asia/Makassar",
            expected: "Asia/Jakarta, the first agency's: a feed's agencies share one time zone"),
          outcome: .valueIgnored)
      ])
  }

  @Test func keepsTheFirstOfAnAgencyDefinedTwice() throws {
    let copy = try FeedCopy("jakarta-mrt.zip")
    defer { copy.directory.remove() }
    try copy.write(
      "agency_id,agency_name,agency_url,agency_timezone\n1,MRT Jakarta,https://jakartamrt.co.id,Asia/Jakarta\n"
        + "1,MRT Jakarta again,https://jakartamrt.co.id,Asia/Jakarta\n", to: "agency.txt")
    try copy.write(
      try copy.read("routes.txt").replacingOccurrences(of: "MRTJ_NS,MRTJ,", with: "MRTJ_NS,1,"), to: "routes.txt")
    let feed = try Feed.load(from: copy.path)
    #expect(feed.agencies.map(\.name) == ["MRT Jakarta"])
    #expect(feed.warnings.map(\.kind) == [.duplicateKey])
    #expect(feed.warnings.first?.value == "1")
    #expect(feed.warnings.first?.line == 3)
  }

  @Test(arguments: ["stops.txt", "routes.txt", "trips.txt", "stop_times.txt"])
  func refusesAFeedWithNoUsableRowIn(_ file: String) throws {
    let copy = try FeedCopy("jakarta-mrt.zip")
    defer { copy.directory.remove() }
    let header = try #require(try copy.read(file).split(separator: "\n").first)
    // Every row a copy of the header: each names an id its file does not define, or a value
    // that cannot be read.
    try copy.write("\(header)\n\(header)\n", to: file)
    #expect(throws: FeedError.nothingUsable(file: file)) { try Feed.load(from: copy.path) }
  }
}
