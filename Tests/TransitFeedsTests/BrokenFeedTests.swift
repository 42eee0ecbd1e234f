import Testing
import TransitFeeds

/// The Jakarta feed with one defect each, refused with the file, line and column of the defect.
@Suite("GTFS: broken feeds are refused where they are broken")
struct BrokenFeedTests {
  struct Defect: Sendable, CustomTestStringConvertible {
    let file: String
    let line: Int
    let column: String
    let value: String
    let expected: FeedError
    var testDescription: String { "\(file) line \(line) \(column) = \(value)" }
  }

  static let defects: [Defect] = [
    // stop_times.txt line 4 is NS-WD-LBB-BHI-001 at GCPT02, 05:05:40.
    Defect(
      file: "stop_times.txt", line: 4, column: "stop_id", value: "GXXX02",
      expected: .unknownReference(
        file: "stop_times.txt", line: 4, column: "stop_id", value: "GXXX02", definedIn: "stops.txt")),
    Defect(
      file: "stop_times.txt", line: 4, column: "trip_id", value: "NS-NO-SUCH-TRIP",
      expected: .unknownReference(
        file: "stop_times.txt", line: 4, column: "trip_id", value: "NS-NO-SUCH-TRIP", definedIn: "trips.txt")),
    Defect(
      file: "stop_times.txt", line: 4, column: "arrival_time", value: "05:65:40",
      expected: .malformedValue(
        file: "stop_times.txt", line: 4, column: "arrival_time", value: "05:65:40", expected: "a time HH:MM:SS")),
    Defect(
      file: "stop_times.txt", line: 6529, column: "departure_time", value: "24h00",
      expected: .malformedValue(
        file: "stop_times.txt", line: 6529, column: "departure_time", value: "24h00", expected: "a time HH:MM:SS")),
    Defect(
      file: "stop_times.txt", line: 4, column: "stop_sequence", value: "two",
      expected: .malformedValue(
        file: "stop_times.txt", line: 4, column: "stop_sequence", value: "two", expected: "an integer")),
    // The trip's stop before line 4 (line 3, GFTM02) departs at 05:03:10.
    Defect(
      file: "stop_times.txt", line: 4, column: "arrival_time", value: "05:03:00",
      expected: .malformedValue(
        file: "stop_times.txt", line: 4, column: "arrival_time", value: "05:03:00",
        expected: "at or after 05:03:10, the trip's time before it")),
    Defect(
      file: "stop_times.txt", line: 4, column: "stop_sequence", value: "1",
      expected: .duplicateID(file: "stop_times.txt", line: 4, column: "stop_sequence", value: "1")),
    // Line 2 is the first stop of NS-WD-LBB-BHI-001; line 14 the last.
    Defect(
      file: "stop_times.txt", line: 2, column: "departure_time", value: "",
      expected: .missingValue(file: "stop_times.txt", line: 2, column: "departure_time")),
    Defect(
      file: "stop_times.txt", line: 14, column: "arrival_time", value: "",
      expected: .missingValue(file: "stop_times.txt", line: 14, column: "arrival_time")),
    Defect(
      file: "trips.txt", line: 3, column: "route_id", value: "MRTJ_EW",
      expected: .unknownReference(
        file: "trips.txt", line: 3, column: "route_id", value: "MRTJ_EW", definedIn: "routes.txt")),
    Defect(
      file: "trips.txt", line: 5, column: "service_id", value: "HOLIDAY",
      expected: .unknownReference(
        file: "trips.txt", line: 5, column: "service_id", value: "HOLIDAY",
        definedIn: "calendar.txt or calendar_dates.txt")),
    Defect(
      file: "trips.txt", line: 3, column: "trip_id", value: "NS-WD-LBB-BHI-001",
      expected: .duplicateID(file: "trips.txt", line: 3, column: "trip_id", value: "NS-WD-LBB-BHI-001")),
    Defect(
      file: "stops.txt", line: 3, column: "parent_station", value: "SXXX",
      expected: .unknownReference(
        file: "stops.txt", line: 3, column: "parent_station", value: "SXXX", definedIn: "stops.txt")),
    Defect(
      file: "stops.txt", line: 2, column: "stop_lat", value: "-96.28",
      expected: .malformedValue(
        file: "stops.txt", line: 2, column: "stop_lat", value: "-96.28", expected: "a number from -90.0 to 90.0")),
    Defect(
      file: "calendar.txt", line: 2, column: "start_date", value: "2019-04-01",
      expected: .malformedValue(
        file: "calendar.txt", line: 2, column: "start_date", value: "2019-04-01", expected: "a date YYYYMMDD")),
    Defect(
      file: "calendar.txt", line: 3, column: "sunday", value: "yes",
      expected: .malformedValue(
        file: "calendar.txt", line: 3, column: "sunday", value: "yes", expected: "an integer")),
    Defect(
      file: "routes.txt", line: 2, column: "agency_id", value: "KAI",
      expected: .unknownReference(
        file: "routes.txt", line: 2, column: "agency_id", value: "KAI", definedIn: "agency.txt")),
    Defect(
      file: "agency.txt", line: 2, column: "agency_timezone", value: "",
      expected: .missingValue(file: "agency.txt", line: 2, column: "agency_timezone")),
  ]

  @Test(arguments: defects)
  func refusesTheDefectAtItsCell(_ defect: Defect) throws {
    let copy = try FeedCopy("jakarta-mrt.zip")
    defer { copy.directory.remove() }
    try copy.set(defect.file, line: defect.line, column: defect.column, to: defect.value)
    let error = #expect(throws: FeedError.self) { try Feed.load(from: copy.path) }
    #expect(error == defect.expected)
    #expect(error?.file == defect.file)
    #expect(error?.line == defect.line)
    #expect(error?.column == defect.column)
    #expect(error.map { !String(describing: $0).contains("\n") } == true)
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
    let error = #expect(throws: FeedError.self) { try Feed.load(from: copy.path) }
    #expect(
      error?.description
        == "stop_times.txt line 4, column stop_id: \"G\\u{1B}[31mX\" is not defined in stops.txt; fix the feed")
  }

  @Test func refusesAgenciesInTwoTimeZones() throws {
    let copy = try FeedCopy("jakarta-mrt.zip")
    defer { copy.directory.remove() }
    try copy.write(
      "agency_id,agency_name,agency_url,agency_timezone\nMRTJ,MRT Jakarta,https://jakartamrt.co.id,Asia/Jakarta\n"
        + "KAI,KAI Commuter,https://commuterline.id,Asia/Makassar\n", to: "agency.txt")
    #expect(
      throws: FeedError.malformedValue(
        file: "agency.txt", line: 3, column: "agency_timezone", value: "Asia/Makassar",
        expected: "Asia/Jakarta, the first agency's: a feed's agencies share one time zone")
    ) { try Feed.load(from: copy.path) }
  }
}
