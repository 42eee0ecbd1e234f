import BeaconTestSupport
import Foundation
import Testing
import TransitFeeds

/// The real feeds of `../shared/gtfs` and `../shared/gtfs-rt` (see their SOURCES.md), which real
/// cities publish with real defects: each loads, with its defects as warnings. Skipped when the
/// directory is absent.
@Suite("GTFS: real feeds with real defects", .enabled(if: SharedFeeds.available))
struct SharedFeedTests {
  struct Expectation: Sendable, CustomTestStringConvertible {
    let path: String
    /// Rows of stops.txt, routes.txt, trips.txt and stop_times.txt as Python's csv module reads
    /// them (`csv.reader` over the zip's files, blank rows left out), not this reader.
    let stops: Int
    let routes: Int
    let trips: Int
    let stopTimes: Int
    /// The warnings, as `kind file line`.
    let warnings: [String]
    var testDescription: String { path }
  }

  static let expectations: [Expectation] = [
    Expectation(
      path: "gtfs/nyc-subway.zip", stops: 273, routes: 2, trips: 1_990, stopTimes: 86_150, warnings: []),
    // agency.txt repeats its line 2 (agency_id 1) as line 3; calendar.txt its lines 2–7 as 8–13.
    Expectation(
      path: "gtfs/sao-paulo-sptrans.zip", stops: 654, routes: 19, trips: 36, stopTimes: 860,
      warnings: ["duplicate_key agency.txt 3"] + (8...13).map { "duplicate_key calendar.txt \($0)" }),
    // agency.txt line 2 ends `"https://www.wmata.com/fares/" `: a space after the closing quote;
    // four pathways take 0 s (traversal_time must be positive).
    Expectation(
      path: "gtfs/wmata.zip", stops: 2_175, routes: 7, trips: 16_514, stopTimes: 352_668,
      warnings: ["leading_or_trailing_whitespaces agency.txt 2"]
        + [1096, 1097, 1107, 1947].map { "number_out_of_range pathways.txt \($0)" }),
    // routes.txt and transfers.txt end with a blank line.
    Expectation(
      path: "gtfs-rt/bart.zip", stops: 48, routes: 8, trips: 2_641, stopTimes: 32_185,
      warnings: ["empty_row routes.txt 10", "empty_row transfers.txt 10"]),
    Expectation(
      path: "gtfs-rt/caltrain.zip", stops: 109, routes: 9, trips: 176, stopTimes: 3_498, warnings: []),
  ]

  @Test(arguments: expectations)
  func loadsWithItsDefectsAsWarnings(_ expected: Expectation) throws {
    let feed = try Feed.load(from: SharedFeeds.directory.appendingPathComponent(expected.path).path)
    #expect(feed.warnings.map { "\($0.kind.rawValue) \($0.file ?? "") \($0.line ?? 0)" } == expected.warnings)
    #expect(feed.stops.count == expected.stops)
    #expect(feed.routes.count == expected.routes)
    #expect(feed.trips.count == expected.trips)
    #expect(feed.stopTimes.count == expected.stopTimes)
  }
}

enum SharedFeeds {
  /// `../shared` beside the package.
  static let directory = TestPaths.packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
  static var available: Bool {
    FileManager.default.fileExists(atPath: directory.appendingPathComponent("gtfs/wmata.zip").path)
      && FileManager.default.fileExists(atPath: directory.appendingPathComponent("gtfs-rt/bart.zip").path)
  }
}
