import ArgumentParser
import BluetoothTypes
import MRTNavigation
import ProgramOutput
import StationCatalogs
import TransitFeeds
import TransitNetworks
import TransitRealtime

/// `--catalog FILE` or `--gtfs FEED`, or both: which stations beacons are named after, and the
/// timetable.
public struct CatalogOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "A station catalog (JSON) mapping your own beacons to stations; default: the built-in network (the MRT North–South line, KRL Cikarang line, airport line, LRT Jabodebek). With --gtfs, its stations that give a stopId take the feed's timetable.",
      valueName: "file"))
  public var catalog: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A GTFS feed (a directory or a .zip) whose network replaces the built-in one: its routes are the lines, its stations the stations, numbered by the default beacon scheme (major = the route's position in routes.txt, minor = the station's position on its first route). With --catalog, the catalog's stations and the feed's timetable.",
      valueName: "feed"))
  public var gtfs: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The iBeacon UUID of a --gtfs feed's stations; default: this project's, F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3.",
      valueName: "uuid"))
  public var beaconUUID: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The route_types of a --gtfs feed whose routes are lines, comma-separated (0 tram, 1 metro, 2 rail, 3 bus, …); default: every one.",
      valueName: "types"),
    transform: { text in
      let types = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
      guard !types.isEmpty, types.allSatisfy({ $0.map { (0...9999).contains($0) } ?? false }) else {
        throw ValidationError("--route-types \(text) is not a list of route_type numbers; expected e.g. 1,2.")
      }
      return Set(types.compactMap { $0 })
    })
  public var routeTypes: Set<Int>?

  @Option(
    name: .customLong("gtfs-rt"),
    help: ArgumentHelp(
      "beacon-ride: a GTFS-Realtime feed for the timetable's feed (--gtfs, or the built-in one): a protocol buffer file, or an http:// or https:// URL (fetched at the start, and on a live ride again at the feed's pace; an https:// server's certificate is verified against the system's trust store, or SSL_CERT_FILE); its trip updates' live times replace the timetable's while the feed is fresh; repeatable.",
      valueName: "source"))
  public var gtfsRealtime: [String] = []

  @Option(
    name: .customLong("gtfs-rt-max-age"),
    help: ArgumentHelp(
      "The oldest a --gtfs-rt feed may be, by its header's timestamp, for its live times to count, \(ValueRange.realtimeAgeSeconds) (default: \(RealtimeFeed.defaultMaximumAge)); for a --replay, against the capture's clock.",
      valueName: "seconds"),
    transform: { text throws(ValueOutOfRange) in try ValueRange.realtimeAgeSeconds.parseInteger(text) as Int64 })
  public var gtfsRealtimeMaximumAge: Int64?

  @Flag(
    name: .long,
    help: ArgumentHelp(
      "List every defect the --gtfs feed's load read past (each with its file, line and column, classed by the GTFS validator's notice codes); without it, a line counting them by kind and the first \(FeedWarningSummary.shownByDefault)."
    ))
  public var feedWarnings = false

  public init() {}

  /// Where the stations come from, for reports: the catalog file or the feed; `nil` when built in.
  public var sourceName: String? { catalog ?? gtfs.map { "GTFS feed \($0)" } }

  public func validate() throws {
    if gtfsRealtimeMaximumAge != nil, gtfsRealtime.isEmpty {
      throw ValidationError("--gtfs-rt-max-age is how old a --gtfs-rt feed may be: give --gtfs-rt too.")
    }
    if !gtfsRealtime.isEmpty, catalog != nil, gtfs == nil {
      throw ValidationError(
        "--gtfs-rt updates a GTFS feed's timetable, and a --catalog has none: give --gtfs FEED too, or drop --gtfs-rt.")
    }
    if feedWarnings, gtfs == nil {
      throw ValidationError("--feed-warnings lists the defects of a --gtfs feed: give --gtfs too.")
    }
    if routeTypes != nil, gtfs == nil {
      throw ValidationError("--route-types chooses the lines of a --gtfs feed: give --gtfs too.")
    }
    if let beaconUUID {
      guard gtfs != nil, catalog == nil else {
        throw ValidationError(
          "--beacon-uuid numbers a --gtfs feed's stations: give --gtfs, and no --catalog (whose stations have their own beacons)."
        )
      }
      guard UUID128(beaconUUID) != nil else {
        throw ValidationError("--beacon-uuid \(beaconUUID) is not a UUID; expected 8-4-4-4-12 hex digits.")
      }
    }
  }

  /// The catalog file's stations, the feed's network, or the built-in one. The commands read it
  /// through ``InputFiles/read(program:_:)``: a file or feed that cannot be read exits 66, a wrong
  /// one 65. The built-in network's timetable is not read (``BuiltInNetwork/loadCatalog()``).
  public func load() throws -> StationCatalog {
    guard gtfs != nil || catalog != nil else { return try BuiltInNetwork.loadCatalog() }
    return try loadNetwork().catalog
  }

  /// The stations as ``load()`` gives them, with the feed of their timetable: the one `--gtfs`
  /// names (with `--catalog`, the catalog's stations that give a `stopId` are on it), or the
  /// built-in network's.
  public func loadNetwork() throws -> LoadedNetwork {
    if let gtfs {
      let uuid = beaconUUID.flatMap(UUID128.init) ?? RailBeaconUUIDs.station
      let feed: Feed
      do { feed = try Feed.load(from: gtfs) } catch { throw GTFSFeedProblem.feed(path: gtfs, error) }
      for line in FeedWarningSummary(feedName: gtfs, feed: feed).lines(all: feedWarnings) {
        StandardError.writeLine(line, priority: .warning)
      }
      if let catalog {
        let read = try CatalogFile.load(path: catalog, feed: feed)
        return LoadedNetwork(
          catalog: read.catalog, stopIDs: read.stopIDs, feed: feed, feedPath: gtfs, routeTypes: routeTypes)
      }
      do {
        let network = try FeedNetwork(feed: feed, beaconUUID: uuid, routeTypes: routeTypes)
        return LoadedNetwork(
          catalog: network.catalog, stopIDs: network.stopIDs, feed: feed, feedPath: gtfs, routeTypes: routeTypes)
      } catch {
        throw GTFSFeedProblem.network(path: gtfs, error)
      }
    }
    guard let catalog else {
      let builtIn = try BuiltInNetwork.load()
      return LoadedNetwork(
        catalog: builtIn.catalog, stopIDs: builtIn.stopIDs, feed: builtIn.feed, feedPath: BuiltInNetwork.feedName,
        isBuiltIn: true)
    }
    return LoadedNetwork(catalog: try CatalogFile.load(path: catalog))
  }
}
