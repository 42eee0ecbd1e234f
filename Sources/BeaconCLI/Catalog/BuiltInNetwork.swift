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
/// into the binary from `Sources/BeaconCLI/Network/`: `jakarta-rail.json` names every station,
/// its beacon, level and the lines and walks (each value with its source in `SOURCES.md` there),
/// and `jakarta-mrt.zip`, the MRT's GTFS feed byte for byte, gives the MRT stations'
/// coordinates (their platforms' centre) and the timetable. The other lines have no timetable.
enum BuiltInNetwork {
  /// How errors name the two parts.
  static let catalogName = "the built-in network (jakarta-rail.json)"
  static let feedName = "the built-in MRT Jakarta feed (jakarta-mrt.zip)"

  /// Reads the compiled-in data. Only a defect in that data (caught by the tests) can fail it.
  static func load() throws -> LoadedNetwork {
    let feed: Feed
    do {
      feed = try Feed.load(name: feedName, zipArchive: PackageResources.jakarta_mrt_zip)
    } catch {
      throw GTFSFeedProblem.feed(path: feedName, error)
    }
    let network = try CatalogFile.parse(Data(PackageResources.jakarta_rail_json), path: catalogName, feed: feed)
    return LoadedNetwork(
      catalog: network.catalog, stopIDs: network.stopIDs, feed: feed, feedPath: feedName, isBuiltIn: true)
  }
}
