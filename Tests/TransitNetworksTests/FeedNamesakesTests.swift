import BeaconTestSupport
import Foundation
import MRTNavigation
import Testing
import TransitFeeds
import TransitNetworks

/// Stations that share a name: stops standing alone near each other are one station; others keep
/// their own, told apart by their line or their stop_id.
@Suite("A GTFS feed's stations that share a name")
struct FeedNamesakesTests {
  /// Two lines. "Central" is two stops standing alone 100 m apart (one each line): one station.
  /// "Park" is two stops 5 km apart, one on each line: two stations, by line. "Mill" is two
  /// stops 5 km apart on the Red line: two stations, by stop_id.
  static let files: [String: String] = [
    "agency.txt": "agency_name,agency_url,agency_timezone\nMetro,https://example.org,Asia/Jakarta\n",
    "stops.txt": """
    stop_id,stop_name,stop_lat,stop_lon
    C1,Central,-6.2000,106.8000
    C2,Central,-6.2009,106.8000
    P1,Park,-6.2500,106.8000
    P2,Park,-6.2500,106.8450
    M1,Mill,-6.3000,106.8000
    M2,Mill,-6.3450,106.8000

    """,
    "routes.txt": "route_id,route_short_name,route_type\nR,Red,1\nB,Blue,1\n",
    "trips.txt": "route_id,service_id,trip_id\nR,S,TR\nB,S,TB\n",
    "calendar.txt":
      "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nS,1,1,1,1,1,1,1,20260101,20261231\n",
    "stop_times.txt": """
    trip_id,stop_sequence,stop_id,arrival_time,departure_time
    TR,1,M1,06:00:00,06:00:00
    TR,2,P1,06:05:00,06:05:00
    TR,3,C1,06:10:00,06:10:00
    TR,4,M2,06:20:00,06:20:00
    TB,1,C2,06:15:00,06:15:00
    TB,2,P2,06:25:00,06:25:00

    """,
  ]

  @Test func nearbyNamesakesAreOneStationAndTheOthersAreToldApart() throws {
    let directory = try TemporaryDirectory(files: Self.files)
    defer { directory.remove() }
    let feed = try Feed.load(from: directory.url.path)
    let network = try FeedNetwork(feed: feed)
    let catalog = network.catalog
    #expect(
      catalog.stations.map(\.displayName) == ["Central", "Park (Red)", "Park (Blue)", "Mill (M1)", "Mill (M2)"])
    #expect(
      catalog.lines.map(\.stationNames) == [
        ["Mill(M1)", "Park(Red)", "Central", "Mill(M2)"], ["Central", "Park(Blue)"],
      ])
    #expect(network.stopIDs["Central"] == "C1")
    #expect(catalog.station(named: "park (blue)")?.aliases == ["P2"])

    // The timetable sees Central as one station: from Mill (M1) on Red to Park (Blue), changing there.
    let timetable = try Timetable(feed: feed)
    let mill = try #require(feed.stop(id: "M1"))
    let park = try #require(feed.stop(id: "P2"))
    // 2026-11-27 05:00 in Jakarta (UTC+7) is 2026-11-26T22:00:00Z.
    let journey = try #require(timetable.plan(from: mill, to: park, at: 1_795_730_400))
    #expect(journey.arrival == 1_795_730_400 + 3600 + 25 * 60)
    // A stop joined to its namesake is found as its station: from C2 as from Central.
    let centralSecond = try #require(feed.stop(id: "C2"))
    let fromJoined = try #require(timetable.plan(from: centralSecond, to: park, at: 1_795_730_400))
    #expect(fromJoined.arrival == 1_795_730_400 + 3600 + 25 * 60)
  }

  @Test func namesakesEachUnderAStationOfTheirOwnAreToldApartByTheirLine() throws {
    var files = Self.files
    files["stops.txt"] = """
      stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station
      CS,Central,-6.2000,106.8000,1,
      C1,Central,-6.2000,106.8000,0,CS
      C2,Central,-6.2009,106.8000,0,
      P1,Park,-6.2500,106.8000,0,
      P2,Park,-6.2500,106.8450,0,
      M1,Mill,-6.3000,106.8000,0,
      M2,Mill,-6.3450,106.8000,0,

      """
    let directory = try TemporaryDirectory(files: files)
    defer { directory.remove() }
    // C2 stands alone, C1 is under a station: not joined, even 100 m apart.
    let catalog = try FeedNetwork(feed: Feed.load(from: directory.url.path)).catalog
    #expect(
      catalog.stations.map(\.displayName).filter { $0.hasPrefix("Central") } == ["Central (Red)", "Central (Blue)"])
  }

  /// New York's subway: two stations named 125 St, 1.3 km apart, one on the 1 and one on the 2;
  /// São Paulo's: four stops standing alone named Luz within 200 m, one station. Skipped when
  /// ../shared is absent.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: Self.shared("gtfs/nyc-subway.zip"))))
  func realFeedsNamesakes() throws {
    let newYork = try FeedNetwork(feed: Feed.load(from: Self.shared("gtfs/nyc-subway.zip"))).catalog
    #expect(newYork.stations.map(\.displayName).filter { $0.hasPrefix("125 St") } == ["125 St (1)", "125 St (2)"])
    let saoPaulo = try FeedNetwork(feed: Feed.load(from: Self.shared("gtfs/sao-paulo-sptrans.zip"))).catalog
    #expect(saoPaulo.stations.filter { $0.displayName == "Luz" }.count == 1)
  }

  static func shared(_ path: String) -> String {
    TestPaths.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/\(path)").path
  }
}
