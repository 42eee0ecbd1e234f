import BeaconTestSupport
import Beacons
import MRTNavigation
import Testing
import TransitFeeds
import TransitNetworks

/// A station no trip stops at, which `transfers.txt` or `pathways.txt` leads to: a station of the
/// network, where a journey can end on foot.
@Suite("A GTFS feed's stations reached on foot")
struct OnFootStationTests {
  /// A train from Alpha to Beta; Museum only by transfers.txt from Beta (4 min), Annex only by a
  /// pathway from Alpha (2 min), Nowhere by no walk and no trip.
  static let files: [String: String] = [
    "agency.txt": "agency_name,agency_url,agency_timezone\nMetro,https://example.org,Asia/Jakarta\n",
    "stops.txt": """
    stop_id,stop_name,stop_lat,stop_lon
    A,Alpha,-6.20,106.80
    B,Beta,-6.30,106.80
    M,Museum,-6.31,106.80
    X,Annex,-6.21,106.80
    N,Nowhere,-6.50,106.80

    """,
    "routes.txt": "route_id,route_short_name,route_type\nR,Red,1\n",
    "trips.txt": "route_id,service_id,trip_id\nR,S,T\n",
    "calendar.txt":
      "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nS,1,1,1,1,1,1,1,20260101,20261231\n",
    "stop_times.txt":
      "trip_id,stop_sequence,stop_id,arrival_time,departure_time\nT,1,A,06:00:00,06:00:00\nT,2,B,06:10:00,06:10:00\n",
    "transfers.txt": "from_stop_id,to_stop_id,transfer_type,min_transfer_time\nB,M,2,240\n",
    "pathways.txt":
      "pathway_id,from_stop_id,to_stop_id,pathway_mode,is_bidirectional,traversal_time\nP,X,A,1,1,120\n",
  ]

  @Test func aStationReachedOnlyOnFootIsAStationAndAJourneyEndsThereOnFoot() throws {
    let directory = try TemporaryDirectory(files: Self.files)
    defer { directory.remove() }
    let feed = try Feed.load(from: directory.url.path)
    let network = try FeedNetwork(feed: feed)
    let catalog = network.catalog
    #expect(catalog.stations.map(\.name) == ["Alpha", "Beta", "Museum", "Annex"])
    #expect(catalog.lines.map(\.stationNames) == [["Alpha", "Beta"]])
    let museum = try #require(catalog.station(named: "Museum"))
    #expect(catalog.lines(at: museum).isEmpty)
    // On no line: major 0, minor its place among the stations on foot.
    #expect(museum.beacon == .iBeacon(uuid: RailBeaconUUIDs.station, major: 0, minor: 1))
    #expect(catalog.station(named: "Annex")?.beacon == .iBeacon(uuid: RailBeaconUUIDs.station, major: 0, minor: 2))
    #expect(network.stopIDs["Museum"] == "M")

    // From Annex (on foot to Alpha) by train to Beta, then on foot to the Museum.
    let timetable = try Timetable(feed: feed)
    // 2026-11-27 05:50 in Jakarta (UTC+7) is 2026-11-26T22:50:00Z.
    let start: Int64 = 1_795_733_400
    let annex = try #require(feed.stop(id: "X"))
    let museumStop = try #require(feed.stop(id: "M"))
    let journey = try #require(timetable.plan(from: annex, to: museumStop, at: start))
    #expect(journey.legs.count == 3)
    guard case .walk(let last) = journey.legs.last else {
      Issue.record("the journey ends with \(String(describing: journey.legs.last))")
      return
    }
    #expect(feed.stops[last.to].id == "M")
    #expect(last.seconds == 240)
    #expect(journey.arrival == start + 20 * 60 + 240)
  }
}
