/// A trip of the static feed as a realtime feed updates it (``MatchedRealtimeFeed``): whether it
/// runs, and its live times at the stops the feed gives, placed among the trip's stop times.
public struct LiveTrip: Hashable, Sendable {
  /// A stop time update placed on the trip.
  public struct Call: Hashable, Sendable {
    /// The stop time's position in the trip (0: its first, in ``TransitFeeds/Feed/stopTimes(ofTrip:)``).
    public var position: Int
    public var arrival: RealtimeStopTimeEvent?
    public var departure: RealtimeStopTimeEvent?
    public var scheduleRelationship: RealtimeStopTimeUpdate.ScheduleRelationship
  }

  /// A live time at one stop: how late (negative: early) against the schedule, and give or take
  /// how much when the feed says.
  public struct Prediction: Hashable, Sendable {
    public var delay: Int
    public var uncertainty: Int?
  }

  /// The trip: an index into the static feed's trips.
  public var trip: Int
  /// The trip does not run.
  public var isCanceled: Bool
  /// `start_date` (`YYYYMMDD`) when the feed gives it: the service day the update is for.
  public var startDate: String?
  /// The trip-level delay, for stops with no stop time update at or before them.
  public var delay: Int?
  /// The updates placed on the trip, by position.
  public var calls: [Call]

  /// The live arrival (`departure: false`) or departure at the trip's stop at `position`, as
  /// GTFS-Realtime propagates it: that stop's own update, else the delay of the nearest update
  /// before it (its departure), else the trip's delay; `nil` when there is none, or when the
  /// nearest update says `NO_DATA`. A skipped stop passes the delay before it on.
  ///
  /// An update that gives a time and no delay is turned into a delay with `scheduled`: the
  /// scheduled Unix time of the trip's stop at a position (arrival or departure), on the service
  /// day the caller follows.
  public func prediction(
    atPosition position: Int, departure: Bool, scheduled: (_ position: Int, _ departure: Bool) -> Int64?
  ) -> Prediction? {
    guard !isCanceled else { return nil }
    for call in calls.reversed() where call.position <= position && call.scheduleRelationship != .skipped {
      if call.scheduleRelationship == .noData { return nil }
      let here = call.position == position
      let event: RealtimeStopTimeEvent?
      let usesDeparture: Bool
      if here && !departure {
        event = call.arrival ?? call.departure
        usesDeparture = call.arrival == nil
      } else {
        event = call.departure ?? call.arrival
        usesDeparture = call.departure != nil
      }
      guard let event else { continue }
      if let delay = event.delay { return Prediction(delay: delay, uncertainty: event.uncertainty) }
      if let time = event.time, let planned = scheduled(call.position, usesDeparture) {
        // Within 32 bits, as the feed's own delays are: a wild time cannot overflow what adds it.
        let (difference, overflow) = time.subtractingReportingOverflow(planned)
        let delay = overflow ? (time > planned ? Int32.max : Int32.min) : Int32(clamping: difference)
        return Prediction(delay: Int(delay), uncertainty: event.uncertainty)
      }
    }
    return delay.map { Prediction(delay: $0, uncertainty: nil) }
  }
}
