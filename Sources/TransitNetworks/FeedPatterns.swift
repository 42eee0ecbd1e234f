import TransitFeeds

/// Each route's station order: the most common stop pattern of its trips in its lowest
/// direction, each stop taken to its station.
struct FeedPatterns {
  struct Line {
    /// The route's index in ``TransitFeeds/Feed/routes``.
    let route: Int
    /// Station indices (into ``TransitFeeds/Feed/stops``), in order, none twice.
    let stations: [Int]
    /// The `direction_id` whose trips run in that order (towards the last station).
    let direction: Int
  }

  /// The routes with a pattern through two stations or more, in `routes.txt` order.
  let lines: [Line]

  /// `routeTypes`: the `route_type`s whose routes are lines; `nil`, every one.
  init(feed: Feed, routeTypes: Set<Int>?) {
    struct Key: Hashable {
      let route: Int
      let direction: Int
      let stations: [Int]
    }
    var counts: [Key: Int] = [:]
    var firstSeen: [Key] = []
    for (index, trip) in feed.trips.enumerated() where routeTypes?.contains(feed.routes[trip.route].type) ?? true {
      var stations: [Int] = []
      for time in feed.stopTimes(ofTrip: index) {
        guard let station = feed.station(of: Int(time.stop)), !stations.contains(station) else { continue }
        stations.append(station)
      }
      let key = Key(route: trip.route, direction: trip.directionID ?? 0, stations: stations)
      if counts[key] == nil { firstSeen.append(key) }
      counts[key, default: 0] += 1
    }
    var best: [Int: Key] = [:]
    for key in firstSeen where key.stations.count >= 2 {
      guard let chosen = best[key.route] else {
        best[key.route] = key
        continue
      }
      let count = counts[key] ?? 0
      let chosenCount = counts[chosen] ?? 0
      if key.direction < chosen.direction
        || (key.direction == chosen.direction
          && (count > chosenCount || (count == chosenCount && key.stations.count > chosen.stations.count)))
      {
        best[key.route] = key
      }
    }
    lines = feed.routes.indices.compactMap { route in
      best[route].map { Line(route: route, stations: $0.stations, direction: $0.direction) }
    }
  }
}
