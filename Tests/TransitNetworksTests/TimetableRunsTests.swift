import Testing
import TransitFeeds
import TransitNetworks

// Times from the Jakarta feed's stop_times.txt (as in RideTimetableTests): on weekdays
// NS-WD-LBB-BHI-023 leaves Lebak Bulus at 07:34:50, calls at Fatmawati 07:37:30–07:38:00 and
// Cipete Raya 07:40:40–07:41:10; -022 leaves Lebak Bulus at 07:29:40 and calls at Cipete Raya
// 07:35:30–07:36:00; -024 leaves Lebak Bulus at 07:39:50.

@Suite("A timetable's trips at chosen stations")
struct TimetableRunsTests {
  let feed: Feed
  let timetable: Timetable
  let stop: (String) throws -> Int

  /// The Jakarta feed and its timetable, as ``RideTimetableTests`` loads them.
  init() throws {
    let jakarta = try RideTimetableTests()
    (feed, timetable, stop) = (jakarta.feed, jakarta.timetable, jakarta.stop)
  }

  @Test func theTripsOfAWindowWithTheirCallsInOrder() throws {
    let stations = [try stop("SLBB"), try stop("SFTM"), try stop("SCPT")]
    let runs = timetable.runs(
      callingAt: stations, from: RideTimetableTests.friday(7, 33), to: RideTimetableTests.friday(7, 42))
    let ids = runs.map { feed.trips[$0.trip].id }
    #expect(ids.contains("NS-WD-LBB-BHI-023") && ids.contains("NS-WD-LBB-BHI-024"))
    // -022 calls at Cipete Raya inside the window too.
    #expect(ids.contains("NS-WD-LBB-BHI-022"))
    let trip = try #require(runs.first { feed.trips[$0.trip].id == "NS-WD-LBB-BHI-023" })
    #expect(trip.calls.map(\.station) == stations)
    #expect(trip.calls[0].departure == RideTimetableTests.friday(7, 34, 50))
    #expect(trip.calls[1].arrival == RideTimetableTests.friday(7, 37, 30))
    #expect(trip.calls[1].departure == RideTimetableTests.friday(7, 38))
    #expect(trip.calls[2].arrival == RideTimetableTests.friday(7, 40, 40))
    // In order of their first call.
    let firsts = runs.compactMap { $0.calls.first?.arrival }
    #expect(firsts == firsts.sorted())
  }

  @Test func fewerThanTwoStationsOrAnEmptyWindowHaveNone() throws {
    let friday = RideTimetableTests.friday(7, 33)
    #expect(timetable.runs(callingAt: [try stop("SLBB")], from: friday, to: friday + 600).isEmpty)
    #expect(timetable.runs(callingAt: [try stop("SLBB"), try stop("SFTM")], from: friday, to: friday - 1).isEmpty)
    // 03:00 on a Friday: no train runs.
    let night = RideTimetableTests.friday(3, 0)
    #expect(timetable.runs(callingAt: [try stop("SLBB"), try stop("SFTM")], from: night, to: night + 600).isEmpty)
  }

  @Test func atMostTheLimitTheEarliest() throws {
    let stations = [try stop("SLBB"), try stop("SFTM")]
    let day = timetable.runs(
      callingAt: stations, from: RideTimetableTests.friday(5, 0), to: RideTimetableTests.friday(23, 0), limit: 3)
    #expect(day.count == 3)
    let all = timetable.runs(
      callingAt: stations, from: RideTimetableTests.friday(5, 0), to: RideTimetableTests.friday(23, 0), limit: 10_000)
    #expect(all.count > 100)
    #expect(day.map(\.trip) == all.prefix(3).map(\.trip))
  }
}
