import BluetoothTypes

/// What a timetable tells the rider at a station found on the way to their destination.
public struct RideEstimate: Hashable, Sendable {
  /// When the rider reaches the destination (seconds since 1970-01-01 UTC).
  public var eta: Int64
  /// Seconds late (negative: early) against the trip matched; `nil` before a trip is matched.
  public var delay: Int?
  /// At the journey's first station: the next departures from it towards the destination
  /// (seconds since 1970-01-01 UTC).
  public var nextDepartures: [Int64]

  public init(eta: Int64, delay: Int?, nextDepartures: [Int64]) {
    self.eta = eta
    self.delay = delay
    self.nextDepartures = nextDepartures
  }
}

/// A timetable a ride consults at each station found: a value, so the trip it has matched so far
/// is part of the ride's state (``RideState``). A feed's timetable conforms in TransitNetworks.
public protocol RideTimetableMatching: Sendable {
  /// The estimate at `station`, found at `time`; `nil` when the timetable has no trip there
  /// towards the destination.
  mutating func estimate(at station: Station, time: Timestamp) -> RideEstimate?
}
