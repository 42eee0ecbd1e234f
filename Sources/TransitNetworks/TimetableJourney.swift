import MRTNavigation
import TransitFeeds

/// A journey by the timetable: the earliest arrival ``Timetable/plan(from:to:at:)`` found, as rides
/// and walks. Times are seconds since 1970-01-01 UTC; stations are indices into the feed's stops.
public struct TimetableJourney: Hashable, Sendable {
  /// A ride on one trip from the station where it is boarded to the one where it is left.
  public struct Ride: Hashable, Sendable {
    /// Indices into the feed's `routes` and `trips`.
    public var route: Int
    public var trip: Int
    public var from: Int
    public var to: Int
    public var departure: Int64
    public var arrival: Int64
    /// The stations it stops at after boarding, the last one included.
    public var stops: Int
    /// Where its times come from: ``MRTNavigation/RideEstimate/Source/realtime`` when a fresh
    /// feed's update moved this run (``Timetable/withLiveUpdates(_:near:)``), else the timetable's.
    public var source: RideEstimate.Source = .schedule
  }

  /// A walk from one station to another (a transfer's or a pathway's time).
  public struct Walk: Hashable, Sendable {
    public var from: Int
    public var to: Int
    public var departure: Int64
    public var arrival: Int64
    public var seconds: Int { Int(arrival - departure) }
  }

  public enum Leg: Hashable, Sendable {
    case ride(Ride)
    case walk(Walk)

    public var departure: Int64 {
      switch self {
      case .ride(let ride): ride.departure
      case .walk(let walk): walk.departure
      }
    }

    public var arrival: Int64 {
      switch self {
      case .ride(let ride): ride.arrival
      case .walk(let walk): walk.arrival
      }
    }
  }

  /// In order; never empty.
  public var legs: [Leg]
  public var departure: Int64 { legs.first?.departure ?? 0 }
  public var arrival: Int64 { legs.last?.arrival ?? 0 }
}
