import BeaconTestSupport
import Foundation
import Testing
import TransitFeeds

@testable import TransitRealtime

/// Feeds these tests encode with the generated protocol buffer types, for the bundled Jakarta MRT
/// timetable (Fixtures/gtfs/jakarta-mrt.zip): NS-WD-LBB-BHI-001 leaves GLBB02 (stop_sequence 0)
/// at 05:00:00 and reaches GBHI02 (stop_sequence 12) at 05:29:20, calling at GFTM02 (1) at
/// 05:02:40–05:03:10 and at GDKA02 (11) at 05:25:50–05:26:20.
@Suite("GTFS-Realtime: feeds for the Jakarta MRT")
struct JakartaRealtimeTests {
  let feed: Feed

  init() throws { feed = try Feed.load(from: TestPaths.fixture("gtfs/jakarta-mrt.zip")) }

  static func event(delay: Int32? = nil, time: Int64? = nil, uncertainty: Int32? = nil)
    -> TransitRealtime_TripUpdate.StopTimeEvent
  {
    var event = TransitRealtime_TripUpdate.StopTimeEvent()
    if let delay { event.delay = delay }
    if let time { event.time = time }
    if let uncertainty { event.uncertainty = uncertainty }
    return event
  }

  static func stopUpdate(
    sequence: UInt32? = nil, stop: String? = nil, arrival: TransitRealtime_TripUpdate.StopTimeEvent? = nil,
    departure: TransitRealtime_TripUpdate.StopTimeEvent? = nil,
    relationship: TransitRealtime_TripUpdate.StopTimeUpdate.ScheduleRelationship? = nil
  ) -> TransitRealtime_TripUpdate.StopTimeUpdate {
    var update = TransitRealtime_TripUpdate.StopTimeUpdate()
    if let sequence { update.stopSequence = sequence }
    if let stop { update.stopID = stop }
    if let arrival { update.arrival = arrival }
    if let departure { update.departure = departure }
    if let relationship { update.scheduleRelationship = relationship }
    return update
  }

  static func tripEntity(
    _ id: String, trip: String, relationship: TransitRealtime_TripDescriptor.ScheduleRelationship = .scheduled,
    delay: Int32? = nil, stops: [TransitRealtime_TripUpdate.StopTimeUpdate] = []
  ) -> TransitRealtime_FeedEntity {
    var entity = TransitRealtime_FeedEntity()
    entity.id = id
    entity.tripUpdate.trip.tripID = trip
    entity.tripUpdate.trip.scheduleRelationship = relationship
    if let delay { entity.tripUpdate.delay = delay }
    entity.tripUpdate.stopTimeUpdate = stops
    return entity
  }

  static func bytes(timestamp: UInt64, _ entities: [TransitRealtime_FeedEntity]) throws -> [UInt8] {
    var message = TransitRealtime_FeedMessage()
    message.header.gtfsRealtimeVersion = "2.0"
    message.header.timestamp = timestamp
    message.entity = entities
    return try message.serializedBytes()
  }

  /// 2025-11-26 (a Wednesday: weekday service WD) 05:10:00 in Jakarta (UTC+7).
  static let now: Int64 = 1_764_108_600

  @Test func decodesDelaysUncertaintyAndCancellation() throws {
    let bytes = try Self.bytes(
      timestamp: UInt64(Self.now),
      [
        Self.tripEntity(
          "a", trip: "NS-WD-LBB-BHI-001",
          stops: [Self.stopUpdate(sequence: 1, stop: "GFTM02", departure: Self.event(delay: 120, uncertainty: 30))]),
        Self.tripEntity("b", trip: "NS-WD-LBB-BHI-002", relationship: .canceled),
      ])
    let realtime = try RealtimeFeed(decoding: bytes)
    #expect(realtime.timestamp == Self.now)
    #expect(realtime.version == "2.0")
    #expect(realtime.tripUpdates.map(\.trip.tripID) == ["NS-WD-LBB-BHI-001", "NS-WD-LBB-BHI-002"])
    #expect(realtime.tripUpdates.map(\.isCanceled) == [false, true])
    let departure = try #require(realtime.tripUpdates.first?.stopTimeUpdates.first?.departure)
    #expect(departure == RealtimeStopTimeEvent(delay: 120, time: nil, uncertainty: 30))
  }

  @Test func delaysPropagateToLaterStopsAndTimesBecomeDelays() throws {
    let realtime = try RealtimeFeed(
      decoding: try Self.bytes(
        timestamp: UInt64(Self.now),
        [
          Self.tripEntity(
            "a", trip: "NS-WD-LBB-BHI-001", delay: 30,
            stops: [
              Self.stopUpdate(sequence: 1, departure: Self.event(delay: 120, uncertainty: 30)),
              // GDKA02 by stop_id alone, its arrival as a time: 05:27:00 is 70 s after 05:25:50.
              Self.stopUpdate(stop: "GDKA02", arrival: Self.event(time: Self.serviceDay + 5 * 3600 + 27 * 60)),
            ])
        ]))
    let matched = MatchedRealtimeFeed(realtime, feed: feed)
    let trip = try #require(feed.trip(id: "NS-WD-LBB-BHI-001"))
    let live = try #require(matched.trips[trip])
    #expect(live.calls.map(\.position) == [1, 11])
    let times = feed.stopTimes(ofTrip: trip)
    func scheduled(_ position: Int, _ departure: Bool) -> Int64? {
      let time = times[times.startIndex + position]
      return (departure ? time.departure : time.arrival).map { Self.serviceDay + Int64($0.seconds) }
    }
    // Before the first update: the trip's delay.
    #expect(live.prediction(atPosition: 0, departure: true, scheduled: scheduled)?.delay == 30)
    // From GFTM02's departure on: 120 s, give or take 30.
    #expect(
      live.prediction(atPosition: 5, departure: false, scheduled: scheduled)
        == LiveTrip.Prediction(delay: 120, uncertainty: 30))
    #expect(live.prediction(atPosition: 11, departure: false, scheduled: scheduled)?.delay == 70)
    // Its departure there, and the last stop after it, take the arrival's 70 s on.
    #expect(live.prediction(atPosition: 12, departure: false, scheduled: scheduled)?.delay == 70)
  }

  /// A time at the end of Int64's range: a delay within 32 bits, no overflow.
  @Test func aWildTimeIsClamped() throws {
    let realtime = try RealtimeFeed(
      decoding: try Self.bytes(
        timestamp: UInt64(Self.now),
        [
          Self.tripEntity(
            "a", trip: "NS-WD-LBB-BHI-001", stops: [Self.stopUpdate(sequence: 1, arrival: Self.event(time: .min))])
        ]))
    let matched = MatchedRealtimeFeed(realtime, feed: feed)
    let trip = try #require(feed.trip(id: "NS-WD-LBB-BHI-001"))
    let live = try #require(matched.trips[trip])
    #expect(live.prediction(atPosition: 1, departure: false) { _, _ in 1_000 }?.delay == Int(Int32.min))
  }

  @Test func unknownTripsAndStopsAreCountedNotFatal() throws {
    let realtime = try RealtimeFeed(
      decoding: try Self.bytes(
        timestamp: UInt64(Self.now),
        [
          Self.tripEntity(
            "a", trip: "NS-WD-LBB-BHI-001", stops: [Self.stopUpdate(stop: "NOPE", arrival: Self.event(delay: 5))]),
          Self.tripEntity(
            "b", trip: "NO-SUCH-TRIP", stops: [Self.stopUpdate(stop: "GFTM02", arrival: Self.event(delay: 5))]),
          Self.tripEntity("c", trip: "NO-SUCH-TRIP-2"),
          // GLBB01 is a platform of the other direction: not a stop of this trip.
          Self.tripEntity(
            "d", trip: "NS-WD-LBB-BHI-003", stops: [Self.stopUpdate(stop: "GLBB01", arrival: Self.event(delay: 5))]),
        ]))
    let matched = MatchedRealtimeFeed(realtime, feed: feed)
    #expect(matched.trips.count == 2)
    #expect(matched.tripIDs.unknown == ["NO-SUCH-TRIP", "NO-SUCH-TRIP-2"])
    #expect(matched.stopIDs.unknown == ["NOPE"])
    #expect(matched.stopUpdatesOffTrip == 1)
    #expect(
      matched.warnings == [
        .unknownTripIDs(count: 2, examples: ["NO-SUCH-TRIP", "NO-SUCH-TRIP-2"]),
        .unknownStopIDs(count: 1, examples: ["NOPE"]), .stopUpdatesOffTrip(count: 1),
      ])
    #expect(matched.warnings.first?.description.contains("2 trip_ids") == true)
  }

  @Test func aFeedIsFreshWithinItsAge() throws {
    let realtime = try RealtimeFeed(decoding: try Self.bytes(timestamp: UInt64(Self.now), []))
    #expect(realtime.freshness(now: Self.now + 299) == .fresh(age: 299))
    #expect(realtime.freshness(now: Self.now + 301) == .stale(age: 301))
    #expect(realtime.freshness(now: Self.now + 60, maximumAge: 30) == .stale(age: 60))
    #expect(realtime.freshness(now: Self.now - 10) == .fresh(age: -10))
    let undated = try RealtimeFeed(decoding: try Self.bytes(timestamp: 0, []))
    #expect(undated.freshness(now: Self.now) == .undated)
  }

  @Test func bytesThatAreNoFeedAreRefusedWithWhatToDo() throws {
    #expect(throws: RealtimeFeedError.noHeader) { try RealtimeFeed(decoding: []) }
    let html = Array("<html><body>Not found</body></html>".utf8)
    #expect(throws: RealtimeFeedError.notProtocolBuffers(.malformed)) { try RealtimeFeed(decoding: html) }
    let whole = try Self.bytes(
      timestamp: UInt64(Self.now), [Self.tripEntity("a", trip: "NS-WD-LBB-BHI-001", delay: 60)])
    #expect(throws: RealtimeFeedError.notProtocolBuffers(.truncated)) {
      try RealtimeFeed(decoding: Array(whole.dropLast(3)))
    }
    #expect(RealtimeFeedError.noHeader.description.contains("binary (protocol buffer)"))
  }

  /// The start of the service day 2025-11-26 in Jakarta: noon minus 12 h, 00:00 +07:00.
  static let serviceDay: Int64 = 1_764_090_000
}
