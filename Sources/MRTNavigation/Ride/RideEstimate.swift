import BluetoothTypes

/// What a timetable tells the rider at a station found on the way to their destination.
///
/// Each value says where it comes from (``Estimated``): a realtime feed updates only some trips,
/// so of the next departures one can be live and the others scheduled, and the ETA can be live
/// while the delay is still the one inferred from the stations found.
public struct RideEstimate: Hashable, Sendable {
  /// When the rider reaches the destination (seconds since 1970-01-01 UTC).
  public var eta: Estimated<Int64>
  /// Seconds late (negative: early) against the trip matched; `nil` before a trip is matched.
  public var delay: Estimated<Int>?
  /// At the journey's first station: the next departures from it towards the destination
  /// (seconds since 1970-01-01 UTC), each from its own trip's source.
  public var nextDepartures: [Estimated<Int64>]

  public init(eta: Estimated<Int64>, delay: Estimated<Int>?, nextDepartures: [Estimated<Int64>]) {
    self.eta = eta
    self.delay = delay
    self.nextDepartures = nextDepartures
  }

  /// An estimate all from the timetable.
  public static func scheduled(eta: Int64, delay: Int?, nextDepartures: [Int64]) -> RideEstimate {
    RideEstimate(
      eta: Estimated(eta), delay: delay.map { Estimated($0) }, nextDepartures: nextDepartures.map { Estimated($0) })
  }
}

/// A timetable a ride consults at each station found: a value, so the trip it has matched so far
/// is part of the ride's state (``RideState``). A feed's timetable conforms in TransitNetworks.
public protocol RideTimetableMatching: Sendable {
  /// The estimate at `station`, found at `time`; `nil` when the timetable has no trip there
  /// towards the destination.
  mutating func estimate(at station: Station, time: Timestamp) -> RideEstimate?
}
