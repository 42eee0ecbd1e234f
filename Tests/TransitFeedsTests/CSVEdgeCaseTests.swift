import BeaconTestSupport
import Testing
import TransitFeeds

/// A small feed written here, each file exercising a part of RFC 4180 that real feeds use.
@Suite("GTFS: CSV as RFC 4180 writes it")
struct CSVEdgeCaseTests {
  static let files: [String: String] = [
    // A byte order mark, CRLF line ends, a quoted field holding a comma.
    "agency.txt":
      "\u{FEFF}agency_id,agency_name,agency_url,agency_timezone\r\nA,\"Agency, Inc.\",https://example.org,Europe/Berlin\r\n",
    // Doubled quotes; a line break inside a quoted field (S2 spans lines 3–4); a blank line 5;
    // a column the reader does not know.
    "stops.txt":
      "stop_id,stop_name,stop_lat,stop_lon,wifi\nS1,\"Main \"\"Central\"\" Station\",52.5,13.4,x\nS2,\"Two\nLines\",52.6,13.5,y\n\nS3,Plain,52.7,13.6,\"z\"\n",
    // Columns in another order than the reference lists them.
    "routes.txt": "route_type,route_id,agency_id\r\n1,R,A\r\n",
    "trips.txt": "trip_id,route_id,service_id\nT,R,S\n",
    "calendar.txt":
      "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nS,1,1,1,1,1,0,0,20260101,20261231\n",
    // Rows out of stop_sequence order; a one-digit hour.
    "stop_times.txt":
      "trip_id,stop_sequence,stop_id,arrival_time,departure_time\nT,3,S3,08:10:00,08:10:00\nT,1,S1,08:00:00,08:00:00\nT,2,S2,8:05:00,08:06:00",
    // A file the reference does not define, and not even CSV: ignored.
    "notes.txt": "\"never closed\n",
  ]

  @Test func readsQuotesBOMCRLFAndLineBreaksInFields() throws {
    let directory = try TemporaryDirectory(files: Self.files)
    defer { directory.remove() }
    let feed = try Feed.load(from: directory.url.path)
    #expect(feed.agencies.map(\.id) == ["A"])
    #expect(feed.agencies.map(\.name) == ["Agency, Inc."])
    #expect(feed.timeZone == "Europe/Berlin")
    #expect(feed.stops.map(\.name) == ["Main \"Central\" Station", "Two\nLines", "Plain"])
    #expect(feed.stops.map(\.latitude) == [52.5, 52.6, 52.7])
    #expect(feed.routes.first?.type == 1)
    // Feeds without stations: every stop is one.
    #expect(feed.stations == [0, 1, 2])
    #expect(feed.stopTimes.map(\.sequence) == [1, 2, 3])
    #expect(feed.stopTimes[1].arrival == ServiceTime(hours: 8, minutes: 5, seconds: 0))
    #expect(feed.trips[0].stopTimes == 0..<3)
  }

  @Test func countsLinesInsideQuotedFieldsAndBlankLines() throws {
    var files = Self.files
    files["stops.txt"] = files["stops.txt"]?.replacingOccurrences(of: "S3,Plain,52.7", with: "S3,Plain,north")
    let directory = try TemporaryDirectory(files: files)
    defer { directory.remove() }
    let feed = try Feed.load(from: directory.url.path)
    #expect(
      feed.warnings.filter { $0.file == "stops.txt" } == [
        FeedWarning(
          kind: .emptyRow, defect: .malformedCSV(file: "stops.txt", line: 5, reason: "a blank line"),
          outcome: .rowSkipped),
        FeedWarning(
          kind: .numberOutOfRange,
          defect: .malformedValue(
            file: "stops.txt", line: 6, column: "stop_lat", value: "north", expected: "a number from -90.0 to 90.0"),
          outcome: .rowSkipped),
      ])
    #expect(feed.stops.map(\.id) == ["S1", "S2"])
  }

  @Test func readsAQuoteLeftOpenToTheEndOfTheFile() throws {
    var files = Self.files
    files["trips.txt"] = "trip_id,route_id,service_id\nT,R,S\n\"U,R,S\n"
    let directory = try TemporaryDirectory(files: files)
    defer { directory.remove() }
    let feed = try Feed.load(from: directory.url.path)
    // Python's csv module reads the rest of the file as one field, `U,R,S` and the line break:
    // a row of one field, without a route_id.
    #expect(
      feed.warnings.filter { $0.file == "trips.txt" }.map(\.kind) == [
        .csvParsingFailed, .invalidRowLength, .missingRequiredField,
      ])
    #expect(feed.warnings.first { $0.kind == .csvParsingFailed }?.line == 3)
    #expect(feed.trips.map(\.id) == ["T"])
  }

  /// What RFC 4180 does not allow, read as Python's csv module (pandas, partridge) reads it.
  @Test func readsWhatPythonsCSVModuleReads() throws {
    var files = Self.files
    // Text after a closing quote, and a space after the last one, as WMATA's agency.txt ends its
    // line; CR line ends alone; a row with a field too many and one with a field too few.
    files["agency.txt"] =
      "agency_id,agency_name,agency_url,agency_timezone\n\"A\",\"Agency\" Inc.,\"https://example.org\",\"Europe/Berlin\" \n"
    files["routes.txt"] = "route_type,route_id,agency_id\r1,R,A\r1,Q,A,extra\r"
    files["trips.txt"] = "trip_id,route_id,service_id,trip_headsign\nT,R,S\n"
    let directory = try TemporaryDirectory(files: files)
    defer { directory.remove() }
    let feed = try Feed.load(from: directory.url.path)
    #expect(feed.agencies.map(\.name) == ["Agency Inc."])
    #expect(feed.timeZone == "Europe/Berlin")
    #expect(feed.routes.map(\.id) == ["R", "Q"])
    #expect(feed.trips.map(\.headsign) == [""])
    #expect(
      feed.warnings.map { "\($0.kind.rawValue) \($0.file ?? "") \($0.line ?? 0)" } == [
        "csv_parsing_failed agency.txt 2", "leading_or_trailing_whitespaces agency.txt 2",
        "invalid_row_length routes.txt 3",
        "empty_row stops.txt 5", "invalid_row_length trips.txt 2",
      ])
  }
}

/// A defect on every row of a large file: every one counted, the first 1,000 kept.
@Suite("GTFS: many warnings")
struct ManyWarningsTests {
  @Test func everyWarningIsCountedAndTheFirstThousandOfAKindInAFileKept() throws {
    var files = CSVEdgeCaseTests.files
    // 1,500 stops, each row with a field more than the header; 1,200 with a latitude out of range.
    files["stops.txt"] =
      "stop_id,stop_name,stop_lat,stop_lon\nS1,One,52.5,13.4\nS2,Two,52.6,13.5\nS3,Three,52.7,13.6\n"
      + (0..<1_500).map { "X\($0),Extra,\($0 < 1_200 ? "95" : "52.5"),13.4,more\n" }.joined()
    let directory = try TemporaryDirectory(files: files)
    defer { directory.remove() }
    let feed = try Feed.load(from: directory.url.path)
    #expect(feed.warningCounts == [.invalidRowLength: 1_500, .numberOutOfRange: 1_200])
    #expect(feed.warnings.filter { $0.kind == .invalidRowLength }.count == 1_000)
    #expect(feed.warnings.filter { $0.kind == .numberOutOfRange }.count == 1_000)
    #expect(feed.warnings.first { $0.kind == .numberOutOfRange }?.line == 5)
    #expect(feed.stops.count == 3 + 300)
  }
}
