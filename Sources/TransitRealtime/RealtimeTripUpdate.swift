/// A `TripUpdate`: the live state of one trip, as a whole and at its stops.
public struct RealtimeTripUpdate: Hashable, Sendable {
  /// The entity's `id` in the feed.
  public var entityID: String
  public var trip: RealtimeTripDescriptor
  /// `vehicle.id`, when given.
  public var vehicleID: String?
  /// In the order the feed gives them (by `stop_sequence`, as the schema asks).
  public var stopTimeUpdates: [RealtimeStopTimeUpdate]
  /// When the update was measured (Unix seconds), when given.
  public var timestamp: Int64?
  /// The trip's delay in seconds (negative: early), for stops without a stop time update of their own
  /// or one before them.
  public var delay: Int?

  /// The trip does not run (``RealtimeTripDescriptor/ScheduleRelationship/canceled``).
  public var isCanceled: Bool { trip.scheduleRelationship == .canceled }

  public init(
    entityID: String, trip: RealtimeTripDescriptor, vehicleID: String? = nil,
    stopTimeUpdates: [RealtimeStopTimeUpdate] = [], timestamp: Int64? = nil, delay: Int? = nil
  ) {
    self.entityID = entityID
    self.trip = trip
    self.vehicleID = vehicleID
    self.stopTimeUpdates = stopTimeUpdates
    self.timestamp = timestamp
    self.delay = delay
  }
}

/// A `StopTimeUpdate`: the live arrival and departure at one stop of a trip.
public struct RealtimeStopTimeUpdate: Hashable, Sendable {
  /// `StopTimeUpdate.ScheduleRelationship`.
  public enum ScheduleRelationship: Hashable, Sendable {
    /// The times given hold (the default).
    case scheduled
    /// The trip does not stop here.
    case skipped
    /// No live data for this stop, nor (until another update says otherwise) for the stops after it.
    case noData
    /// The trip runs without a schedule here.
    case unscheduled
  }

  /// The stop's `stop_sequence` in `stop_times.txt`, when given.
  public var stopSequence: Int?
  /// The stop's `stop_id`, when given.
  public var stopID: String?
  public var arrival: RealtimeStopTimeEvent?
  public var departure: RealtimeStopTimeEvent?
  public var scheduleRelationship: ScheduleRelationship

  public init(
    stopSequence: Int? = nil, stopID: String? = nil, arrival: RealtimeStopTimeEvent? = nil,
    departure: RealtimeStopTimeEvent? = nil, scheduleRelationship: ScheduleRelationship = .scheduled
  ) {
    self.stopSequence = stopSequence
    self.stopID = stopID
    self.arrival = arrival
    self.departure = departure
    self.scheduleRelationship = scheduleRelationship
  }
}

/// A `StopTimeEvent`: a predicted arrival or departure, as a delay against the schedule, an
/// absolute time, or both.
public struct RealtimeStopTimeEvent: Hashable, Sendable {
  /// Seconds late (negative: early) against the schedule.
  public var delay: Int?
  /// The predicted time (Unix seconds).
  public var time: Int64?
  /// The expected error of the prediction, in seconds (0: certain); `nil` when the feed does not say.
  public var uncertainty: Int?

  public init(delay: Int? = nil, time: Int64? = nil, uncertainty: Int? = nil) {
    self.delay = delay
    self.time = time
    self.uncertainty = uncertainty
  }
}
