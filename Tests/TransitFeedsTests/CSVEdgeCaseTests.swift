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
    #expect(
      throws: FeedError.malformedValue(
        file: "stops.txt", line: 6, column: "stop_lat", value: "north", expected: "a number from -90.0 to 90.0")
    ) {
      try Feed.load(from: directory.url.path)
    }
  }

  @Test func refusesAQuoteLeftOpen() throws {
    var files = Self.files
    files["trips.txt"] = "trip_id,route_id,service_id\nT,R,S\n\"U,R,S\n"
    let directory = try TemporaryDirectory(files: files)
    defer { directory.remove() }
    #expect(throws: FeedError.malformedCSV(file: "trips.txt", line: 3, reason: "a quoted field is not closed")) {
      try Feed.load(from: directory.url.path)
    }
  }
}
