import TransitFeeds

/// What of a network a rider cares about, for choosing the alerts to show: the stations of their
/// journey and the routes that serve it (``MatchedRealtimeFeed/Alert/concerns(_:feed:)``).
public struct RiderInterest: Hashable, Sendable {
  /// Indices into the feed's stops, each a station (``TransitFeeds/Feed/station(of:)``).
  public var stations: Set<Int>
  /// Indices into the feed's routes.
  public var routes: Set<Int>

  public init(stations: Set<Int>, routes: Set<Int>) {
    self.stations = stations
    self.routes = routes
  }

  /// The `stations` (stops of `feed`, taken as their stations) and the routes of the trips that call
  /// at every one of `served` (the journey's first and last station, say).
  public init(feed: Feed, stations: [Int], routesServing served: [Int]) {
    self.stations = Set(stations.map { feed.station(of: $0) ?? $0 })
    let wanted = Set(served.map { feed.station(of: $0) ?? $0 })
    var routes: Set<Int> = []
    if !wanted.isEmpty {
      for trip in feed.trips.indices where !routes.contains(feed.trips[trip].route) {
        let called = Set(feed.stopTimes(ofTrip: trip).map { feed.station(of: Int($0.stop)) ?? Int($0.stop) })
        if wanted.isSubset(of: called) { routes.insert(feed.trips[trip].route) }
      }
    }
    self.routes = routes
  }
}

extension MatchedRealtimeFeed.Alert {
  /// Whether the alert is about the rider's routes or stations: one of its informed entities names
  /// one of the routes, one of the stations (or a stop of one), a trip of one of the routes, or only
  /// an agency (the whole network).
  public func concerns(_ interest: RiderInterest, feed: Feed) -> Bool {
    if !routes.isDisjoint(with: interest.routes) { return true }
    if stops.contains(where: { interest.stations.contains(feed.station(of: $0) ?? $0) }) { return true }
    if trips.contains(where: { interest.routes.contains(feed.trips[$0].route) }) { return true }
    return alert.informedEntities.contains { entity in
      entity.agencyID != nil && entity.routeID == nil && entity.stopID == nil && entity.tripID == nil
        && entity.routeType == nil
    }
  }
}
