import MRTNavigation
import ProgramOutput
import TransitFeeds
import TransitNetworks

/// The stations the options name (``CatalogOptions/loadNetwork()``), and the GTFS feed of their
/// timetable: the one `--gtfs` names, or the built-in network's (``BuiltInNetwork``).
public struct LoadedNetwork: Sendable {
  public let catalog: StationCatalog
  /// Each station's `stop_id` by its key name; empty without a feed, and only the stations the
  /// feed has (the MRT's, in the built-in network).
  public let stopIDs: [String: String]
  public let feed: Feed?
  let feedPath: String?
  let routeTypes: Set<Int>?
  /// The network is ``BuiltInNetwork``: its timetable is a bonus the user did not ask for.
  let isBuiltIn: Bool

  init(
    catalog: StationCatalog, stopIDs: [String: String] = [:], feed: Feed? = nil, feedPath: String? = nil,
    routeTypes: Set<Int>? = nil, isBuiltIn: Bool = false
  ) {
    self.catalog = catalog
    self.stopIDs = stopIDs
    self.feed = feed
    self.feedPath = feedPath
    self.routeTypes = routeTypes
    self.isBuiltIn = isBuiltIn
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

  /// The timetable as the commands use it: the problems of a feed `--gtfs` names end the run
  /// (``InputFiles``); the built-in network's timetable is left out, with a warning, on a machine
  /// without the time zone database (Debian's tzdata), and the command goes on without times.
  func usableTimetable(program: String) throws -> Timetable? {
    try InputFiles.read(program: program) { () throws(GTFSFeedProblem) -> Timetable? in
      do throws(GTFSFeedProblem) {
        return try timetable()
      } catch {
        guard isBuiltIn, case .timetable(_, .timeZone(let problem)) = error else { throw error }
        StandardError.writeLine("\(program): the built-in timetable is left out: \(problem)", priority: .warning)
        return nil
      }
    }
  }

  /// Each station's stop of the feed (its index), by the station's key name: the stations the
  /// feed has.
  public var stopsByStation: [String: Int] {
    stopIDs.compactMapValues { feed?.stop(id: $0) }
  }

  /// The feed's stop (its index) for a station of the catalog.
  public func stop(of station: Station) -> Int? { stopIDs[station.name].flatMap { feed?.stop(id: $0) } }
}
