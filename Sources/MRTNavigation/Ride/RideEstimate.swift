import BluetoothTypes

/// What a timetable tells the rider at a station found on the way to their destination.
public struct RideEstimate: Hashable, Sendable {
  /// Where an estimate's times come from.
  public enum Source: String, Hashable, Sendable {
    /// The timetable, with the delay inferred from when the stations were found.
    case schedule
    /// A fresh GTFS-Realtime feed's prediction for the trip followed.
    case realtime
  }

  /// When the rider reaches the destination (seconds since 1970-01-01 UTC).
  public var eta: Int64
  /// Seconds late (negative: early) against the trip matched; `nil` before a trip is matched.
  public var delay: Int?
  /// At the journey's first station: the next departures from it towards the destination
  /// (seconds since 1970-01-01 UTC).
  public var nextDepartures: [Int64]
  /// Where `eta`, `delay` and the first of `nextDepartures` come from.
  public var source: Source
  /// Give or take how many seconds the realtime feed expects `eta` to be off; `nil` when it does
  /// not say (and always for ``Source/schedule``).
  public var uncertainty: Int?

  public init(
    eta: Int64, delay: Int?, nextDepartures: [Int64], source: Source = .schedule, uncertainty: Int? = nil
  ) {
    self.eta = eta
    self.delay = delay
    self.nextDepartures = nextDepartures
    self.source = source
    self.uncertainty = uncertainty
  }
}

/// A timetable a ride consults at each station found: a value, so the trip it has matched so far
/// is part of the ride's state (``RideState``). A feed's timetable conforms in TransitNetworks.
public protocol RideTimetableMatching: Sendable {
  /// The estimate at `station`, found at `time`; `nil` when the timetable has no trip there
  /// towards the destination.
  mutating func estimate(at station: Station, time: Timestamp) -> RideEstimate?
}
