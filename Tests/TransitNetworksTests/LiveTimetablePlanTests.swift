import BeaconTestSupport
import Testing
import TransitFeeds
import TransitNetworks
import TransitRealtime

/// `--plan` with live data: the Jakarta feed's trip NS-WD-LBB-BHI-023 leaves Lebak Bulus (SLBB) at
/// 07:34:50 and reaches Bundaran HI (SBHI) at 08:04:30 on weekdays; -024 at 07:39:50 and 08:09:30
/// (read from stop_times.txt with Python's csv module).
@Suite("Planning with GTFS-Realtime")
struct LiveTimetablePlanTests {
  let feed: Feed
  let timetable: Timetable
  let origin: Int
  let destination: Int
  /// Friday 2026-11-27, 07:33 in Jakarta (+07:00).
  static let start: Int64 = 1_795_739_580

  init() throws {
    feed = try Feed.load(from: TestPaths.fixture("gtfs/jakarta-mrt.zip"))
    timetable = try Timetable(feed: feed)
    origin = try #require(feed.stop(id: "SLBB"))
    destination = try #require(feed.stop(id: "SBHI"))
  }

  func live(_ update: RealtimeTripUpdate) -> Timetable {
    let realtime = RealtimeFeed(timestamp: Self.start, tripUpdates: [update])
    return timetable.withLiveUpdates([MatchedRealtimeFeed(realtime, feed: feed)], near: Self.start)
  }

  func firstRide(_ journey: TimetableJourney?) -> TimetableJourney.Ride? {
    guard case .ride(let ride) = journey?.legs.first else { return nil }
    return ride
  }

  @Test func theScheduleAloneTakesTrip023() throws {
    let ride = try #require(firstRide(timetable.plan(from: origin, to: destination, at: Self.start)))
    #expect(feed.trips[ride.trip].id == "NS-WD-LBB-BHI-023")
    #expect(ride.departure == Self.start + 110)
  }

  @Test func aCancelledTripIsNotPlannedOnItsDayOnly() throws {
    let cancelled = live(
      RealtimeTripUpdate(
        entityID: "1",
        trip: RealtimeTripDescriptor(
          tripID: "NS-WD-LBB-BHI-023", startDate: "20261127", scheduleRelationship: .canceled)))
    let ride = try #require(firstRide(cancelled.plan(from: origin, to: destination, at: Self.start)))
    #expect(feed.trips[ride.trip].id == "NS-WD-LBB-BHI-024")
    #expect(ride.departure == Self.start + 410)
    // Cancelled on Thursday: Friday's runs as scheduled.
    let thursday = live(
      RealtimeTripUpdate(
        entityID: "1",
        trip: RealtimeTripDescriptor(
          tripID: "NS-WD-LBB-BHI-023", startDate: "20261126", scheduleRelationship: .canceled)))
    let friday = try #require(firstRide(thursday.plan(from: origin, to: destination, at: Self.start)))
    #expect(feed.trips[friday.trip].id == "NS-WD-LBB-BHI-023")
  }

  /// A plan for another day than now (--at): the update's start_date says which day it changes.
  @Test func theStartDateCountsWhateverDayItIsNow() throws {
    let realtime = RealtimeFeed(
      timestamp: Self.start,
      tripUpdates: [
        RealtimeTripUpdate(
          entityID: "1",
          trip: RealtimeTripDescriptor(
            tripID: "NS-WD-LBB-BHI-023", startDate: "20261127", scheduleRelationship: .canceled))
      ])
    let threeDaysLater = timetable.withLiveUpdates(
      [MatchedRealtimeFeed(realtime, feed: feed)], near: Self.start + 3 * 86_400)
    let ride = try #require(firstRide(threeDaysLater.plan(from: origin, to: destination, at: Self.start)))
    #expect(feed.trips[ride.trip].id == "NS-WD-LBB-BHI-024")
  }

  @Test func aDelayedTripLeavesAndArrivesAtItsLiveTimes() throws {
    let delayed = live(
      RealtimeTripUpdate(
        entityID: "1", trip: RealtimeTripDescriptor(tripID: "NS-WD-LBB-BHI-023"),
        stopTimeUpdates: [
          RealtimeStopTimeUpdate(stopSequence: 0, departure: RealtimeStopTimeEvent(delay: 120)),
          RealtimeStopTimeUpdate(stopSequence: 12, arrival: RealtimeStopTimeEvent(delay: 180)),
        ]))
    let journey = try #require(delayed.plan(from: origin, to: destination, at: Self.start))
    let ride = try #require(firstRide(journey))
    #expect(feed.trips[ride.trip].id == "NS-WD-LBB-BHI-023")
    // 07:36:50 and 08:07:30.
    #expect(ride.departure == Self.start + 230)
    #expect(journey.arrival == Self.start + 230 + 29 * 60 + 40 + 60)
  }
}
