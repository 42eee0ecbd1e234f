/// A `TripDescriptor`: which trip of the static feed an entity is about.
public struct RealtimeTripDescriptor: Hashable, Sendable {
  /// `TripDescriptor.ScheduleRelationship`.
  public enum ScheduleRelationship: Hashable, Sendable {
    /// Runs as the static feed schedules it (the default).
    case scheduled
    /// A trip the static feed does not have (`ADDED`; `NEW` in newer versions of the schema).
    case added
    /// Runs without a schedule (frequency-based, `exact_times` 0).
    case unscheduled
    /// Does not run: `CANCELED`, or `DELETED` (cancelled and not to be shown to riders).
    case canceled
    /// Replaces the scheduled trip (`REPLACEMENT`) or runs beside it (`DUPLICATED`).
    case replacement
    /// A value this version of the schema does not know.
    case other(Int)
  }

  public var tripID: String?
  public var routeID: String?
  public var directionID: Int?
  /// `start_time`, such as `25:15:00`, as the feed gives it.
  public var startTime: String?
  /// `start_date`, `YYYYMMDD`, as the feed gives it.
  public var startDate: String?
  public var scheduleRelationship: ScheduleRelationship

  public init(
    tripID: String?, routeID: String? = nil, directionID: Int? = nil, startTime: String? = nil,
    startDate: String? = nil, scheduleRelationship: ScheduleRelationship = .scheduled
  ) {
    self.tripID = tripID
    self.routeID = routeID
    self.directionID = directionID
    self.startTime = startTime
    self.startDate = startDate
    self.scheduleRelationship = scheduleRelationship
  }
}
