import BluetoothTypes
import MRTNavigation

/// A ``RideTimetable`` as a ride consults it (``MRTNavigation/RideTimetableMatching``): by the
/// catalog's stations, each mapped to its stop of the feed. Every value is
/// ``MRTNavigation/RideEstimate/Source/schedule``.
public struct StationRideTimetable: RideTimetableMatching {
  private var ride: RideTimetable
  /// Each station's stop (an index into the feed's stops), by the station's key name.
  private let stops: [String: Int]

  public init(ride: RideTimetable, stops: [String: Int]) {
    self.ride = ride
    self.stops = stops
  }

  public mutating func estimate(at station: Station, time: Timestamp) -> RideEstimate? {
    let seconds = time.microsecondsSinceUnixEpoch / 1_000_000
    guard let stop = stops[station.name], let estimate = ride.found(station: stop, at: seconds) else { return nil }
    return .scheduled(eta: estimate.eta, delay: estimate.delay, nextDepartures: estimate.nextDepartures)
  }
}
