import BeaconTestSupport
import Foundation
import Testing

/// `beacon-ride --gtfs FEED --from A --to B` on a ride recorded as the timetable runs it
/// (Fixtures/ride-timetable-lebak-bulus-to-bundaran-hi: trip NS-WD-LBB-BHI-023 of the Jakarta
/// feed, which leaves Lebak Bulus at 07:34:50 and reaches Bundaran HI at 08:04:30 on Friday
/// 2026-11-27, read from its stop_times.txt with Python's csv module).
@Suite struct TimetableRideCommandTests {
  static let capture = TestPaths.fixture("ride-timetable-lebak-bulus-to-bundaran-hi.btsnoop")

  func events(_ arguments: [String]) throws -> [[String: Any]] {
    let result = try Executable.run(
      "beacon-ride", ["--replay", Self.capture, "--from", "SLBB", "--to", "SBHI", "--format", "json"] + arguments)
    #expect(result.status == 0, "\(result.stderr)")
    return try result.stdout.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
  }

  /// An estimated value's object (`eta`, `delay`, a `nextDeparture`).
  func object(_ value: Any?) throws -> [String: Any] { try #require(value as? [String: Any]) }

  /// Seconds since 1970 of an ISO 8601 time with an offset, by Foundation's parser.
  func seconds(_ text: Any?) throws -> Double {
    let string = try #require(text as? String)
    return try #require(ISO8601DateFormatter().date(from: string)).timeIntervalSince1970
  }

  @Test func everyStationFoundHasAnETAWithinAMinuteOfTheTripsArrival() throws {
    let all = try events(["--gtfs", TestPaths.fixture("gtfs/jakarta-mrt.zip")])
    let found = all.filter { $0["event"] as? String == "found" }
    #expect(found.count == 12)
    let arrival = try seconds("2026-11-27T08:04:30+07:00")
    for event in found {
      let eta = try object(event["eta"])
      #expect(abs(try seconds(eta["time"]) - arrival) <= 60, "\(event)")
      #expect((eta["time"] as? String)?.hasSuffix("+07:00") == true)
      // Without a realtime feed, every value is the timetable's, and none has an uncertainty.
      #expect(eta["source"] as? String == "schedule" && eta["uncertainty"] == nil, "\(event)")
      #expect(event["estimateSource"] == nil && event["uncertainty"] == nil, "\(event)")
    }
    // On the platform, the next trains: the 07:34:50 first.
    let platform = try #require(found.first)
    #expect(platform["station"] as? String == "StasiunMRTLebakBulusBankSyariahIndonesia")
    let departures = try #require(platform["nextDeparture"] as? [[String: Any]])
    #expect(departures.first?["time"] as? String == "2026-11-27T07:34:50+07:00")
    #expect(departures.count == 3)
    #expect(departures.allSatisfy { $0["source"] as? String == "schedule" }, "\(platform)")
    #expect((platform["detail"] as? String)?.hasPrefix("next train 07:34 (in 3 min)") == true, "\(platform)")
    // From the second station on the train (Cipete Raya), the trip is matched: on time.
    #expect(found.dropFirst().first?["delay"] == nil)
    for event in found.dropFirst(2) {
      let delay = try object(event["delay"])
      #expect(abs(try #require(delay["seconds"] as? Int, "\(event)")) <= 60, "\(event)")
      #expect(delay["source"] as? String == "schedule", "\(event)")
    }
  }

  /// The built-in network carries the same feed: without `--gtfs`, the same stations (by its
  /// names, LebakBulus and BundaranHI) get the same timetable fields.
  @Test func theBuiltInNetworkHasTheSameTimetable() throws {
    let timetabled = try events(["--gtfs", TestPaths.fixture("gtfs/jakarta-mrt.zip")])
    let result = try Executable.run(
      "beacon-ride", ["--replay", Self.capture, "--from", "LebakBulus", "--to", "BundaranHI", "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let builtIn = try result.stdout.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    let fields = ["eta", "delay", "nextDeparture", "detail"]
    func timetableFields(_ events: [[String: Any]]) -> [NSDictionary] {
      events.filter { $0["event"] as? String == "found" }.map { event in
        NSDictionary(dictionary: event.filter { fields.contains($0.key) })
      }
    }
    #expect(timetableFields(builtIn).count == 12)
    #expect(timetableFields(builtIn) == timetableFields(timetabled))
    #expect(builtIn.contains { $0["event"] as? String == "arrived" })
  }

  /// A destination the timetable does not have (the airport line has none): no timetable fields.
  @Test func aDestinationWithoutATimetableGetsNoTimetableFields() throws {
    let result = try Executable.run(
      "beacon-ride", ["--replay", Self.capture, "--from", "LebakBulus", "--to", "SoekarnoHatta", "--format", "json"])
    // The capture ends at Bundaran HI, short of the airport.
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("the source ended before arriving at Bandara Soekarno-Hatta"), "\(result.stderr)")
    let all = try result.stdout.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    #expect(all.filter { $0["event"] as? String == "found" }.count >= 12)
    for event in all {
      #expect(event["eta"] == nil && event["delay"] == nil && event["nextDeparture"] == nil, "\(event)")
    }
  }
}
