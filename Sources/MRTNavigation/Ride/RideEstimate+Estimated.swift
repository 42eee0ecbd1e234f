extension RideEstimate {
  /// Where one of an estimate's values comes from.
  public enum Source: String, Hashable, Sendable {
    /// The timetable, with the delay inferred from when the stations were found.
    case schedule
    /// A fresh GTFS-Realtime feed's prediction for the trip.
    case realtime
  }

  /// One value of an estimate (a time, a delay) with where it comes from.
  public struct Estimated<Value: Hashable & Sendable>: Hashable, Sendable {
    public var value: Value
    public var source: Source
    /// Give or take how many seconds the realtime feed expects `value` to be off (the
    /// `StopTimeEvent`'s `uncertainty` it was read from); `nil` when the feed does not say, and
    /// always for ``Source/schedule``.
    public var uncertainty: Int?

    public init(_ value: Value, source: Source = .schedule, uncertainty: Int? = nil) {
      self.value = value
      self.source = source
      self.uncertainty = uncertainty
    }
  }
}
