import BeaconTestSupport
import Foundation
import Testing
import TransitFeeds
import TransitRealtime

/// The GTFS-Realtime recordings in ../shared/gtfs-rt (see its SOURCES.md), decoded and matched to
/// their static feeds. Skipped, saying so, when the folder is absent. The counts were read from
/// transitland-lib's JSON decodings of the same files (testdata/rt/*.pb.json), not with this code.
enum SharedRealtime {
  static let directory = TestPaths.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/gtfs-rt")

  static var available: Bool {
    let present = FileManager.default.fileExists(atPath: directory.appendingPathComponent("SOURCES.md").path)
    if !present { print("skipped: \(directory.path) is absent (GTFS-Realtime recordings, see the brief)") }
    return present
  }

  static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  static func feed(_ name: String) throws -> RealtimeFeed {
    let data = try Data(contentsOf: directory.appendingPathComponent(name))
    return try RealtimeFeed(decoding: [UInt8](data))
  }
}

@Suite("GTFS-Realtime: the recorded feeds", .enabled(if: SharedRealtime.available, "../shared/gtfs-rt is absent"))
struct RecordedFeedTests {
  @Test func caltrainTripUpdatesMatchTheirStaticFeed() throws {
    let realtime = try SharedRealtime.feed("caltrain-trip-updates.pb")
    #expect(realtime.tripUpdates.count == 19)
    #expect(realtime.vehiclePositions.isEmpty)
    #expect(realtime.timestamp != nil)
    let matched = MatchedRealtimeFeed(realtime, feed: try Feed.load(from: SharedRealtime.path("caltrain.zip")))
    #expect(matched.tripIDs.known.count == 19)
    #expect(matched.tripIDs.unknown.isEmpty)
    #expect(matched.stopIDs.known.count == 51)
    #expect(matched.stopIDs.unknown.isEmpty)
    #expect(matched.trips.count == 19)
    #expect(matched.stopUpdatesOffTrip == 0)
    #expect(matched.warnings.isEmpty)
  }

  @Test func caltrainVehiclePositionsMatchTheirTrips() throws {
    let realtime = try SharedRealtime.feed("caltrain-vehicle-positions.pb")
    #expect(realtime.vehiclePositions.count == 14)
    #expect(realtime.tripUpdates.isEmpty)
    let matched = MatchedRealtimeFeed(realtime, feed: try Feed.load(from: SharedRealtime.path("caltrain.zip")))
    #expect(matched.tripIDs.known.count == 14)
    #expect(matched.tripIDs.unknown.isEmpty)
    #expect(matched.vehicles.allSatisfy { $0.trip != nil })
    #expect(realtime.vehiclePositions.allSatisfy { $0.latitude != nil && $0.longitude != nil })
  }

  @Test func bartTripUpdatesCarryTheirUncertainty() throws {
    let realtime = try SharedRealtime.feed("bart-trip-updates-2019-05-28.pb")
    #expect(realtime.tripUpdates.count == 26)
    let uncertain = realtime.tripUpdates.flatMap(\.stopTimeUpdates).filter {
      $0.arrival?.uncertainty == 30 || $0.departure?.uncertainty == 30
    }
    #expect(uncertain.count == 298)
    let matched = MatchedRealtimeFeed(realtime, feed: try Feed.load(from: SharedRealtime.path("bart.zip")))
    #expect(matched.tripIDs.known.count == 26)
    #expect(matched.tripIDs.unknown.isEmpty)
    #expect(matched.trips.count == 26)
  }
}
