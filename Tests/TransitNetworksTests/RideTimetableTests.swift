import BeaconTestSupport
import Testing
import TransitFeeds
import TransitNetworks

// The trips and times were read from the Jakarta feed's stop_times.txt and trips.txt with
// Python's csv module: on weekdays (service WD) NS-WD-LBB-BHI-022, -023, -024 and -025 leave Lebak
// Bulus (platform GLBB02) at 07:29:40, 07:34:50, 07:39:50 and 07:45:00; -023 calls at Fatmawati
// 07:37:30–07:38:00, Cipete Raya 07:40:40–07:41:10, Haji Nawi 07:42:00–07:42:30 and reaches
// Bundaran HI at 08:04:30. Jakarta is UTC+7 all year.

@Suite("The timetable along a ride")
struct RideTimetableTests {
  /// Friday 2026-11-27, `hours:minutes:seconds` in Jakarta, as Unix seconds.
  static func friday(_ hours: Int64, _ minutes: Int64, _ seconds: Int64 = 0) -> Int64 {
    // 2026-11-27T00:00:00+07:00 is 2026-11-26T17:00:00Z.
    1_795_712_400 + hours * 3600 + minutes * 60 + seconds
  }

  let feed: Feed
  let timetable: Timetable
  let stop: (String) throws -> Int

  init() throws {
    let feed = try Feed.load(from: TestPaths.fixture("gtfs/jakarta-mrt.zip"))
    self.feed = feed
    timetable = try Timetable(feed: feed)
    stop = { id in try #require(feed.stop(id: id)) }
  }

  @Test func onTheDeparturePlatformTheNextTrainsAndTheFirstOnesArrival() throws {
    var ride = try #require(
      RideTimetable(timetable: timetable, origin: try stop("SLBB"), destination: try stop("SBHI")))
    let estimate = try #require(ride.found(station: try stop("SLBB"), at: Self.friday(7, 31, 40)))
    #expect(estimate.nextDepartures == [Self.friday(7, 34, 50), Self.friday(7, 39, 50), Self.friday(7, 45)])
    #expect(estimate.eta == Self.friday(8, 4, 30))
    #expect(estimate.delay == nil)
    #expect(feed.trips[estimate.trip].id == "NS-WD-LBB-BHI-023")
  }

  @Test func onTimeTheETAIsTheTripsArrivalAndTheDelayComesWithTheSecondStation() throws {
    var ride = try #require(
      RideTimetable(timetable: timetable, origin: try stop("SLBB"), destination: try stop("SBHI")))
    _ = ride.found(station: try stop("SLBB"), at: Self.friday(7, 31, 40))
    // Found 15 s before the train stops at Fatmawati: one station on the train, no match yet.
    let fatmawati = try #require(ride.found(station: try stop("SFTM"), at: Self.friday(7, 37, 15)))
    #expect(fatmawati.delay == nil)
    #expect(fatmawati.eta == Self.friday(8, 4, 15))
    #expect(fatmawati.nextDepartures.isEmpty)
    let cipete = try #require(ride.found(station: try stop("SCPT"), at: Self.friday(7, 40, 30)))
    #expect(cipete.delay == -10)
    #expect(cipete.eta == Self.friday(8, 4, 20))
    #expect(feed.trips[cipete.trip].id == "NS-WD-LBB-BHI-023")
  }

  @Test func aLateTrainIsMatchedAndItsDelayAddsToTheETA() throws {
    // No departure station known: the rider is on a train from the first station found. Two
    // minutes late at Fatmawati and Cipete Raya: -023 (the -024 would be three minutes early).
    var ride = try #require(RideTimetable(timetable: timetable, origin: nil, destination: try stop("SBHI")))
    _ = ride.found(station: try stop("SFTM"), at: Self.friday(7, 39, 30))
    let cipete = try #require(ride.found(station: try stop("SCPT"), at: Self.friday(7, 42, 45)))
    #expect(cipete.delay == 125)
    #expect(feed.trips[cipete.trip].id == "NS-WD-LBB-BHI-023")
    #expect(cipete.eta == Self.friday(8, 6, 35))
    let hajiNawi = try #require(ride.found(station: try stop("SHJN"), at: Self.friday(7, 44, 0)))
    #expect(hajiNawi.delay == 120)
    #expect(hajiNawi.eta == Self.friday(8, 6, 30))
  }

  @Test func theOtherWayAndTheNightGiveWhatTheTimetableHas() throws {
    // Towards Lebak Bulus, the trips from Bundaran HI; at 02:30 no train within two hours.
    var ride = try #require(RideTimetable(timetable: timetable, origin: nil, destination: try stop("SLBB")))
    let bundaran = try #require(ride.found(station: try stop("SBHI"), at: Self.friday(7, 31, 40)))
    #expect(feed.trips[bundaran.trip].directionID == 1)
    var night = try #require(RideTimetable(timetable: timetable, origin: nil, destination: try stop("SLBB")))
    #expect(night.found(station: try stop("SBKA"), at: Self.friday(2, 30)) == nil)
  }
}
