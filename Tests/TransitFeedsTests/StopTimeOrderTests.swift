import BeaconTestSupport
import Testing
import TransitFeeds

/// A trip's times that go back: put in order where the order is clear, else the trip left out;
/// each a warning naming the trip and the line where the times go back.
@Suite("GTFS: stop times out of order")
struct StopTimeOrderTests {
  static func files(stopTimes: String) -> [String: String] {
    [
      "agency.txt": "agency_name,agency_url,agency_timezone\nMetro,https://example.org,Asia/Jakarta\n",
      "stops.txt": "stop_id,stop_name,stop_lat,stop_lon\nA,Alpha,-6.2,106.8\nB,Beta,-6.3,106.8\nC,Gamma,-6.4,106.8\n",
      "routes.txt": "route_id,route_short_name,route_type\nR,Red,1\n",
      "trips.txt": "route_id,service_id,trip_id\nR,S,T\nR,S,U\n",
      "calendar.txt":
        "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nS,1,1,1,1,1,1,1,20260101,20261231\n",
      // U is in order: the feed keeps a trip whatever happens to T.
      "stop_times.txt": "trip_id,stop_sequence,stop_id,arrival_time,departure_time\n" + stopTimes
        + "U,1,A,09:00:00,09:00:00\nU,2,B,09:05:00,09:05:00\n",
    ]
  }

  func load(_ stopTimes: String) throws -> Feed {
    let directory = try TemporaryDirectory(files: Self.files(stopTimes: stopTimes))
    defer { directory.remove() }
    return try Feed.load(from: directory.url.path)
  }

  func times(of trip: String, in feed: Feed) throws -> [String] {
    let index = try #require(feed.trip(id: trip))
    return feed.stopTimes(ofTrip: index).map {
      "\(feed.stops[Int($0.stop)].id) \($0.sequence) \($0.arrival?.description ?? "-")"
    }
  }

  @Test func timesThatFallBackHalfADayArePastMidnight() throws {
    let feed = try load("T,1,A,23:50:00,23:50:00\nT,2,B,00:05:00,00:06:00\nT,3,C,00:15:00,00:15:00\n")
    #expect(try times(of: "T", in: feed) == ["A 1 23:50:00", "B 2 24:05:00", "C 3 24:15:00"])
    #expect(
      feed.warnings == [
        FeedWarning(
          kind: .stopTimeWithArrivalBeforePreviousDepartureTime,
          defect: .malformedValue(
            file: "stop_times.txt", line: 3, column: "arrival_time", value: "00:05:00",
            expected: "at or after 23:50:00, the trip's time before it"),
          outcome: .timesPastMidnight("T"))
      ])
  }

  @Test func rowsWhoseTimesAgreeWithTheFileButNotTheirStopSequenceAreReadInTheFilesOrder() throws {
    // By stop_sequence: A 08:00, C 08:10, B 08:05; the file and the times say A, B, C.
    let feed = try load("T,1,A,08:00:00,08:00:00\nT,3,B,08:05:00,08:05:00\nT,2,C,08:10:00,08:10:00\n")
    #expect(try times(of: "T", in: feed) == ["A 1 08:00:00", "B 2 08:05:00", "C 3 08:10:00"])
    #expect(feed.warnings.map(\.outcome) == [.tripReordered("T")])
    #expect(feed.warnings.map(\.line) == [3])
    #expect(feed.warnings.map(\.kind) == [.stopTimeWithArrivalBeforePreviousDepartureTime])
  }

  @Test func aTripWhoseOrderIsNotClearIsLeftOut() throws {
    // The file, stop_sequence and the stops agree; C's time does not: which is wrong is not clear.
    let feed = try load("T,1,A,08:00:00,08:00:00\nT,2,B,08:10:00,08:10:00\nT,3,C,08:05:00,08:05:00\n")
    #expect(try times(of: "T", in: feed).isEmpty)
    #expect(try times(of: "U", in: feed) == ["A 1 09:00:00", "B 2 09:05:00"])
    #expect(feed.warnings.map(\.outcome) == [.tripSkipped("T")])
    #expect(feed.warnings.map(\.line) == [4])
    #expect(feed.warnings.first?.description.contains("trip \"T\" is left out") == true)
  }
}
