import MRTNavigation
import TransitFeeds
import TransitNetworks

/// The stations the options name (``CatalogOptions/loadNetwork()``), and the GTFS feed they come
/// from when `--gtfs` names one.
public struct LoadedNetwork: Sendable {
  public let catalog: StationCatalog
  /// Each station's `stop_id` by its key name; empty without a feed.
  public let stopIDs: [String: String]
  public let feed: Feed?
  let feedPath: String?
  let routeTypes: Set<Int>?

  init(
    catalog: StationCatalog, stopIDs: [String: String] = [:], feed: Feed? = nil, feedPath: String? = nil,
    routeTypes: Set<Int>? = nil
  ) {
    self.catalog = catalog
    self.stopIDs = stopIDs
    self.feed = feed
    self.feedPath = feedPath
    self.routeTypes = routeTypes
  }

  /// The feed's timetable over the same routes as the network; `nil` without a feed.
  public func timetable() throws(GTFSFeedProblem) -> Timetable? {
    guard let feed, let feedPath else { return nil }
    do {
      return try Timetable(feed: feed, routeTypes: routeTypes)
    } catch {
      throw .timetable(path: feedPath, error)
    }
  }

  /// The feed's stop (its index) for a station of the catalog.
  public func stop(of station: Station) -> Int? { stopIDs[station.name].flatMap { feed?.stop(id: $0) } }
}
