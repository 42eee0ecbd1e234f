import MRTNavigation
import TransitFeeds

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The network the tools know without `--catalog` or `--gtfs`: Jakarta's rail lines around
/// Dukuh Atas, with the MRT North–South line's timetable.
///
/// It is a catalog file read with a GTFS feed (``CatalogFile/parse(_:path:feed:)``), both compiled
/// into the binary from `Sources/StationCatalogs/Network/`: `jakarta-rail.json` names every
/// station, its beacon, level and aliases, and the lines and walks (each value with its source in
/// `SOURCES.md` there); `jakarta-mrt.zip`, the MRT's GTFS feed byte for byte, gives the MRT
/// stations' coordinates (their platforms' centre) and the timetable. The other lines have no
/// timetable.
public struct BuiltInNetwork: Sendable {
  /// How errors name the two parts.
  public static let catalogName = "the built-in network (jakarta-rail.json)"
  public static let feedName = "the built-in MRT Jakarta feed (jakarta-mrt.zip)"

  /// The stations, lines, walks and beacon schemes.
  public let catalog: StationCatalog
  /// The MRT stations' `stop_id` in ``feed``, by their key names.
  public let stopIDs: [String: String]
  /// The MRT's feed, whose timetable the network has.
  public let feed: Feed

  /// Reads the compiled-in data. Only a defect in that data (which the tests would catch) fails.
  public static func load() throws(BuiltInNetworkError) -> BuiltInNetwork {
    let feed = try readFeed(Feed.load(name:zipArchive:))
    let read = try readCatalog(feed: feed)
    return BuiltInNetwork(catalog: read.catalog, stopIDs: read.stopIDs, feed: feed)
  }

  /// The stations, lines, walks and beacon schemes as ``load()`` reads them, without the
  /// timetable: of the feed only its stops are read (`Feed.loadStops(name:zipArchive:)`), which
  /// is all the catalog takes from it. For the commands that know stations but no times (a scan);
  /// the stop times are most of the feed, and reading them was most of such a command's start.
  public static func loadCatalog() throws(BuiltInNetworkError) -> StationCatalog {
    try readCatalog(feed: try readFeed(Feed.loadStops(name:zipArchive:))).catalog
  }

  /// The compiled-in feed, read by `reader` (the whole feed, or its stops alone).
  private static func readFeed(
    _ reader: (_ name: String, _ zipArchive: [UInt8]) throws(FeedError) -> Feed
  ) throws(BuiltInNetworkError) -> Feed {
    do {
      return try reader(feedName, PackageResources.jakarta_mrt_zip)
    } catch {
      throw .feed(error)
    }
  }

  private static func readCatalog(feed: Feed) throws(BuiltInNetworkError) -> (
    catalog: StationCatalog, stopIDs: [String: String]
  ) {
    do {
      return try CatalogFile.parse(Data(PackageResources.jakarta_rail_json), path: catalogName, feed: feed)
    } catch {
      throw .catalog(error)
    }
  }
}

/// Why the built-in network's compiled-in data could not be read: a defect of this build.
public enum BuiltInNetworkError: Error, Hashable, Sendable, CustomStringConvertible {
  case feed(FeedError)
  case catalog(CatalogFileError)

  public var description: String {
    switch self {
    // A message without a file names the archive already.
    case .feed(let error) where error.file == nil: "\(error) (a defect of this build: please report it)"
    case .feed(let error): "\(BuiltInNetwork.feedName): \(error) (a defect of this build: please report it)"
    case .catalog(let error): "\(error) (a defect of this build: please report it)"
    }
  }
}
