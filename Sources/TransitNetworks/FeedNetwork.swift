import Beacons
import BluetoothTypes
import MRTNavigation
import Positioning
import TransitFeeds

/// The network a GTFS feed describes, as the rider domain's catalog, and the feed's `stop_id` of
/// each of its stations.
public struct FeedNetwork: Sendable {
  public let catalog: StationCatalog
  /// Each station's `stop_id`, by its key name (``MRTNavigation/Station/name``).
  public let stopIDs: [String: String]

  /// The network a GTFS feed describes, with this project's default beacon scheme.
  ///
  /// - Stations: the feed's stations (``TransitFeeds/Feed/stations``) that some route's trips
  ///   stop at, in `stops.txt` order, stops standing alone that share a name within
  ///   ``TransitFeeds/Feed/namesakeReach`` of each other being one
  ///   (``TransitFeeds/Feed/joiningNearbyNamesakes()``); the display name is `stop_name`, the key
  ///   name the same without spaces, and `stop_id` is an alias when no other station answers to
  ///   it. Stations that still share a name (far apart, or each a station of the feed's) are told
  ///   apart by their first line, `125 St (1)` and `125 St (2)`, or where that is shared too by
  ///   their `stop_id`. The coordinate is the station's, or its first platform's when the
  ///   station has none.
  /// - Lines: one per route (every `route_type`, or those of `routeTypes`), in `routes.txt` order; its stations are the
  ///   most common stop pattern of the route's trips in its lowest `direction_id`, each stop
  ///   taken to its parent station (a station the pattern passes twice is kept at its first
  ///   passing). A route whose trips pass fewer than two stations is left out.
  /// - Stations on foot: a station no trip stops at, but a walking link leads to from one a trip
  ///   stops at, is a station too (on no line; a journey can end there on foot).
  /// - Walking links: `transfers.txt` rows with a `min_transfer_time` (not `transfer_type` 3,
  ///   "not possible") and `pathways.txt` rows with a `traversal_time` between two different
  ///   stations; the shortest time of a pair.
  /// - Beacons: the feed's `beacons.txt` row for the station (or one of its platforms), else the
  ///   default scheme: iBeacon `beaconUUID`, major the route's 1-based position in `routes.txt`,
  ///   minor the station's 1-based position on that route; a station on several routes takes its
  ///   first route's; a station on no line has major 0 and minor its 1-based position among those.
  /// - Train beacons: `beacons.txt`'s rows for a route and direction, else the default scheme
  ///   (``MRTNavigation/TrainBeaconScheme``) on ``MRTNavigation/RailBeaconUUIDs/train``, the line
  ///   code being the route's 1-based position, "towards the last station" the direction of the
  ///   line's station order.
  ///
  /// `routeTypes` keeps the routes of those `route_type`s (`nil`: every one); a route's major stays
  /// its position in `routes.txt`.
  public init(feed: Feed, beaconUUID: UUID128 = RailBeaconUUIDs.station, routeTypes: Set<Int>? = nil)
    throws(FeedNetworkError)
  {
    guard feed.routes.count <= Int(UInt16.max) else { throw .tooManyRoutes(feed.routes.count) }
    let feed = feed.joiningNearbyNamesakes()
    let patterns = FeedPatterns(feed: feed, routeTypes: routeTypes)
    guard !patterns.lines.isEmpty else { throw .noLines }

    // Each served station's first route and its position on it.
    var home: [Int: (route: Int, position: Int)] = [:]
    for line in patterns.lines {
      for (position, station) in line.stations.enumerated() where home[station] == nil {
        home[station] = (line.route, position)
      }
    }
    // Stations no trip stops at, but a walk leads to from one a trip does.
    let walks = Self.walks(in: feed)
    var onFoot: Set<Int> = []
    for walk in walks {
      if home[walk.from] != nil && home[walk.to] == nil { onFoot.insert(walk.to) }
      if home[walk.to] != nil && home[walk.from] == nil { onFoot.insert(walk.from) }
    }
    let served = feed.stations.filter { home[$0] != nil || onFoot.contains($0) }
    let displayNames = Self.displayNames(of: served, in: feed) { station in
      home[station].map { Self.shownName(of: feed.routes[$0.route]) }
    }
    var names = StationNames()
    let keyNames = zip(served, displayNames).map { names.claim(Self.keyName($1), or: feed.stops[$0].id) }
    var assigned: [Int: BeaconIdentity] = [:]
    for beacon in feed.beacons {
      guard let station = feed.station(of: beacon.stop), let uuid = UUID128(beacon.uuid) else { continue }
      assigned[station] = .iBeacon(uuid: uuid, major: beacon.major, minor: beacon.minor)
    }
    var stations: [Station] = []
    var onFootCount = 0
    for (index, stop) in served.enumerated() {
      let aliases = names.isFree(feed.stops[stop].id) ? [feed.stops[stop].id] : []
      // A station on no line: major 0 (no route's), minor its place among those.
      var lineOrder = 0
      var major: UInt16 = 0
      var minor: UInt16
      if let (route, position) = home[stop] {
        lineOrder = position + 1
        major = UInt16(route + 1)
        minor = UInt16(clamping: position + 1)
      } else {
        onFootCount += 1
        minor = UInt16(clamping: onFootCount)
      }
      stations.append(
        Station(
          name: keyNames[index], displayName: displayNames[index], aliases: aliases, lineOrder: lineOrder,
          coordinate: Self.coordinate(of: stop, in: feed),
          beacon: assigned[stop] ?? .iBeacon(uuid: beaconUUID, major: major, minor: minor)))
    }
    let keyName = Dictionary(uniqueKeysWithValues: zip(served, keyNames))

    var lineNames = StationNames()
    let lines = patterns.lines.map { line in
      let route = feed.routes[line.route]
      let shown = Self.shownName(of: route)
      let displayName = [route.longName, route.shortName, route.id].first { !$0.isEmpty } ?? route.id
      return TransitLine(
        name: lineNames.claim(Self.keyName(shown), or: route.id), displayName: displayName,
        stationNames: line.stations.compactMap { keyName[$0] }, code: UInt16(line.route + 1))
    }
    let interchanges = walks.compactMap { walk -> Interchange? in
      guard let from = keyName[walk.from], let to = keyName[walk.to] else { return nil }
      return Interchange(from: from, to: to, walkingTime: .seconds(walk.seconds))
    }
    // Trains: the default scheme on the project's train UUID (major = route position × 10 + 1
    // towards the line's last station, + 2 towards its first), but for beacons.txt's train rows.
    let lineBeacons = feed.trainBeacons.compactMap { beacon -> TrainBeaconScheme.LineBeacon? in
      guard let line = patterns.lines.first(where: { $0.route == beacon.route }), let uuid = UUID128(beacon.uuid)
      else { return nil }
      return TrainBeaconScheme.LineBeacon(
        lineCode: UInt16(line.route + 1),
        direction: beacon.directionID == line.direction ? .towardsLast : .towardsFirst,
        uuid: uuid, major: beacon.major)
    }
    do {
      catalog = try StationCatalog(
        stations: stations, lines: lines, interchanges: interchanges,
        trainBeacons: TrainBeaconScheme(uuid: RailBeaconUUIDs.train, lineBeacons: lineBeacons))
    } catch {
      throw .catalog(error)
    }
    stopIDs = Dictionary(uniqueKeysWithValues: zip(keyNames, served.map { feed.stops[$0].id }))
  }

  /// How a route is named where it is short: its short name, else its long name, else its id.
  private static func shownName(of route: Route) -> String {
    [route.shortName, route.longName, route.id].first { !$0.isEmpty } ?? route.id
  }

  /// Each station's `stop_name`, but for stations that share one: those take their line's name
  /// after it, or their `stop_id` where the line's is shared too.
  private static func displayNames(of stations: [Int], in feed: Feed, line: (Int) -> String?) -> [String] {
    func clashing(_ names: [String]) -> Set<String> {
      var counts: [String: Int] = [:]
      for name in names { counts[StationCatalog.key(name), default: 0] += 1 }
      return Set(counts.filter { $0.value > 1 }.keys)
    }
    let plain = stations.map { feed.stops[$0].name }
    let shared = clashing(plain)
    guard !shared.isEmpty else { return plain }
    let byLine = zip(stations, plain).map { station, name in
      guard shared.contains(StationCatalog.key(name)), let line = line(station) else { return name }
      return "\(name) (\(line))"
    }
    let stillShared = clashing(byLine)
    return zip(stations, zip(plain, byLine)).map { station, names in
      stillShared.contains(StationCatalog.key(names.1)) ? "\(names.0) (\(feed.stops[station].id))" : names.1
    }
  }

  /// A name as a key: the name without spaces (`Lebak Bulus` → `LebakBulus`).
  static func keyName(_ name: String) -> String { String(name.filter { !$0.isWhitespace }) }

  private static func coordinate(of station: Int, in feed: Feed) -> GeoCoordinate? {
    for stop in [station] + feed.platforms(ofStation: station) {
      if let latitude = feed.stops[stop].latitude, let longitude = feed.stops[stop].longitude {
        return GeoCoordinate(latitude: latitude, longitude: longitude)
      }
    }
    return nil
  }

  /// The walks between two different stations, each pair once (the way its first row gives it)
  /// with its shortest time either way.
  private static func walks(in feed: Feed) -> [StationWalks.Walk] {
    var walks: [StationWalks.Walk] = []
    var position: [Set<Int>: Int] = [:]
    for walk in StationWalks(feed: feed).walks {
      if let known = position[[walk.from, walk.to]] {
        walks[known].seconds = min(walks[known].seconds, walk.seconds)
      } else {
        position[[walk.from, walk.to]] = walks.count
        walks.append(walk)
      }
    }
    return walks
  }
}

/// Names handed out so that no two answer to the same lookup key.
private struct StationNames {
  private var keys: Set<String> = []

  /// `name`, or `fallback` when a name given before has the same key (or `name` is empty).
  mutating func claim(_ name: String, or fallback: String) -> String {
    let chosen = name.isEmpty || !isFree(name) ? fallback : name
    keys.insert(key(chosen))
    return chosen
  }

  func isFree(_ name: String) -> Bool { !keys.contains(key(name)) }

  private func key(_ name: String) -> String { StationCatalog.key(name) }
}
