import BeaconTestSupport
import BluetoothTypes
import Foundation
import MRTNavigation
import Testing
import TransitFeeds
import TransitNetworks
import TransitRealtime

/// ``LiveRideTimetable`` on the platform with the Caltrain recording of ../shared/gtfs-rt
/// (caltrain-trip-updates.pb, header timestamp 1699405534: Tuesday 2023-11-07 17:05:34 in San
/// Francisco, −08:00) and its static feed. Skipped, saying so, when the folder is absent.
///
/// The times were read from caltrain.zip's stop_times.txt with Python's csv module and from
/// `protoc --decode` of the recording: from 22nd Street (stop 70021) towards San Francisco,
/// trip 125 leaves at 17:24:00 (the feed: 1699406776, 17:26:16) and reaches San Francisco at
/// 17:31:00 (the feed: 1699407196), trip 309 (not in the feed) leaves at 17:35:00, trip 411 at
/// 17:52:00 (the feed: 1699408384). From San Francisco (70012) towards Bayshore, trip 128 leaves
/// at 17:37:00 (the feed: 1699407420 give or take 300 s) and reaches Bayshore (70032) at
/// 17:47:00 (the feed: 1699408012 give or take 300 s).
@Suite("A ride's timetable with a recorded realtime feed", .enabled(if: SharedRecordings.available))
struct LiveRideTimetableTests {
  /// The recording's header timestamp.
  static let now: Int64 = 1_699_405_534

  let feed: Feed
  let network: FeedNetwork
  let timetable: Timetable
  let live: FixedRealtimeUpdates

  init() throws {
    feed = try Feed.load(from: SharedRecordings.directory.appendingPathComponent("caltrain.zip").path)
    network = try FeedNetwork(feed: feed)
    timetable = try Timetable(feed: feed)
    let bytes = try Data(contentsOf: SharedRecordings.directory.appendingPathComponent("caltrain-trip-updates.pb"))
    live = FixedRealtimeUpdates(feeds: [MatchedRealtimeFeed(try RealtimeFeed(decoding: [UInt8](bytes)), feed: feed)])
  }

  /// The estimate on the platform of `origin` (a `stop_id`) towards `destination`, at the
  /// recording's time.
  func platform(_ origin: String, to destination: String) throws -> RideEstimate {
    let from = try #require(feed.stop(id: origin))
    let to = try #require(feed.stop(id: destination))
    let ride = try #require(RideTimetable(timetable: timetable, origin: from, destination: to))
    let stops = network.stopIDs.compactMapValues { feed.stop(id: $0) }
    let name = try #require(network.stopIDs.first { $0.value == origin }?.key)
    let station = try #require(network.catalog.station(named: name))
    var live = LiveRideTimetable(ride: ride, stops: stops, origin: from, destination: to, live: live)
    let estimate = live.estimate(at: station, time: Timestamp(microsecondsSinceUnixEpoch: Self.now * 1_000_000))
    return try #require(estimate)
  }

  /// Of the next three trains, the two the feed updates are live and the one it does not
  /// mention is the timetable's.
  @Test func eachDepartureSaysWhetherItsTripIsLive() throws {
    let estimate = try platform("22nd_street", to: "san_francisco")
    #expect(
      estimate.nextDepartures == [
        RideEstimate.Estimated(1_699_406_776, source: .realtime),
        RideEstimate.Estimated(1_699_407_300, source: .schedule),
        RideEstimate.Estimated(1_699_408_384, source: .realtime),
      ])
    #expect(estimate.eta == RideEstimate.Estimated(1_699_407_196, source: .realtime))
    #expect(estimate.delay == nil)
  }

  /// The feed's `uncertainty`, per value: the departure's and the arrival's.
  @Test func theFeedsUncertaintyGoesWithEachValue() throws {
    let estimate = try platform("san_francisco", to: "bayshore")
    #expect(estimate.nextDepartures.first == RideEstimate.Estimated(1_699_407_420, source: .realtime, uncertainty: 300))
    #expect(estimate.eta == RideEstimate.Estimated(1_699_408_012, source: .realtime, uncertainty: 300))
  }
}

/// The GTFS-Realtime recordings and their static feeds in ../shared/gtfs-rt (see its SOURCES.md).
enum SharedRecordings {
  static let directory = TestPaths.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/gtfs-rt")

  static var available: Bool {
    let present = FileManager.default.fileExists(atPath: directory.appendingPathComponent("SOURCES.md").path)
    if !present { print("skipped: \(directory.path) is absent (GTFS-Realtime recordings, see the brief)") }
    return present
  }
}
