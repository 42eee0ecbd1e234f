import BeaconTestSupport
import Beacons
import MRTNavigation
import Testing
import TransitFeeds
import TransitNetworks

// The expected values were read from the feeds' files with Python's csv module (stops.txt, and
// the stop patterns counted over trips.txt and stop_times.txt), not with this code.

@Suite("The network of a GTFS feed")
struct FeedNetworkTests {
  @Test func jakartaFeedGivesTheThirteenStationsInLineOrderWithTheFeedsCoordinates() throws {
    let network = try FeedNetwork(feed: Feed.load(from: TestPaths.fixture("gtfs/jakarta-mrt.zip")))
    let catalog = network.catalog
    #expect(catalog.stations.count == 13)
    #expect(catalog.lines.count == 1)
    let line = try #require(catalog.lines.first)
    #expect(line.displayName == "Lin Utara-Selatan")
    #expect(line.code == 1)
    #expect(line.stationNames.count == 13)
    let first = try #require(catalog.station(named: line.stationNames[0]))
    let last = try #require(catalog.station(named: line.stationNames[12]))
    #expect(first.displayName == "Stasiun MRT Lebak Bulus Bank Syariah Indonesia")
    #expect(last.displayName == "Stasiun MRT Bundaran HI Bank Jakarta")
    #expect(first.coordinate?.latitude == -6.2892744)
    #expect(first.coordinate?.longitude == 106.7749355)
    #expect(last.coordinate?.latitude == -6.1918644)
    #expect(last.coordinate?.longitude == 106.8230084)
    // The default beacon scheme: the project's UUID, major 1 (the first route), minor the position.
    #expect(first.beacon == .iBeacon(uuid: RailBeaconUUIDs.station, major: 1, minor: 1))
    #expect(last.beacon == .iBeacon(uuid: RailBeaconUUIDs.station, major: 1, minor: 13))
    // Names as a rider types them, and stop ids.
    #expect(catalog.station(named: "stasiun mrt lebak bulus bank syariah indonesia") == first)
    #expect(catalog.station(named: "SBHI") == last)
    #expect(catalog.station(for: .iBeacon(uuid: RailBeaconUUIDs.station, major: 1, minor: 13)) == last)
    #expect(network.stopIDs[first.name] == "SLBB")
  }

  @Test func kobeFeedGivesBothLinesWithTheirJapaneseStationNames() throws {
    let network = try FeedNetwork(feed: Feed.load(from: TestPaths.fixture("gtfs/kobe-subway.zip")))
    let catalog = network.catalog
    #expect(catalog.stations.count == 26)
    #expect(catalog.lines.map(\.displayName) == ["西神・山手線", "海岸線"])
    #expect(
      catalog.lines[0].stationNames == [
        "西神中央", "西神南", "伊川谷", "学園都市", "総合運動公園", "名谷", "妙法寺", "板宿", "新長田", "長田", "上沢", "湊川公園", "大倉山",
        "県庁前", "三宮", "新神戸", "谷上",
      ])
    #expect(
      catalog.lines[1].stationNames == [
        "新長田", "駒ヶ林", "苅藻", "御崎公園", "和田岬", "中央市場前", "ハーバーランド", "みなと元町", "旧居留地・大丸前", "三宮・花時計前",
      ])
    // Shin-Nagata is on both lines: one station, numbered on its first route (major 1, 9th).
    let shinNagata = try #require(catalog.station(named: "新長田"))
    #expect(shinNagata.beacon == .iBeacon(uuid: RailBeaconUUIDs.station, major: 1, minor: 9))
    #expect(catalog.lines(at: shinNagata).map(\.displayName) == ["西神・山手線", "海岸線"])
    let harborland = try #require(catalog.station(named: "ハーバーランド"))
    #expect(harborland.beacon == .iBeacon(uuid: RailBeaconUUIDs.station, major: 2, minor: 7))
    #expect(harborland.coordinate != nil)
    // Riding from one line to the other changes at Shin-Nagata.
    let tanigami = try #require(catalog.station(named: "谷上"))
    #expect(catalog.stops(from: tanigami, to: harborland) == 8 + 6)
  }

  @Test func routeTypesKeepOnlyThoseRoutes() throws {
    // Both Kobe routes are route_type 1 (metro).
    let feed = try Feed.load(from: TestPaths.fixture("gtfs/kobe-subway.zip"))
    #expect(try FeedNetwork(feed: feed, routeTypes: [1, 2]).catalog.lines.count == 2)
    #expect(throws: FeedNetworkError.noLines) { try FeedNetwork(feed: feed, routeTypes: [3]) }
  }

  /// As some published feeds do (one of Manila's rail feeds, for one): one stop made a station
  /// with its platform and exit, every other stop standing alone. Each is a station.
  @Test func stopsStandingAloneAreStationsBesideTheFeedsStations() throws {
    let directory = try TemporaryDirectory(files: [
      "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nR,Rail,https://example.org,Asia/Manila\n",
      "stops.txt": """
      stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station
      TU,Tutuban,14.61,120.97,0,
      BIC_STATION,Bicutan,14.48,121.04,1,
      BIC,Bicutan,14.48,121.04,0,BIC_STATION
      BIC_EXIT,Bicutan exit,14.48,121.04,2,BIC_STATION
      AL,Alabang,14.41,121.04,0,

      """,
      "routes.txt": "route_id,agency_id,route_short_name,route_long_name,route_type\nMSC,R,MSC,Metro South,2\n",
      "trips.txt": "route_id,service_id,trip_id\nMSC,D,T1\n",
      "calendar.txt":
        "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nD,1,1,1,1,1,1,1,20260101,20261231\n",
      "stop_times.txt": """
      trip_id,stop_sequence,stop_id,arrival_time,departure_time
      T1,1,TU,05:30:00,05:30:00
      T1,2,BIC,06:00:00,06:01:00
      T1,3,AL,06:10:00,06:10:00

      """,
    ])
    defer { directory.remove() }
    let feed = try Feed.load(from: directory.url.path)
    #expect(feed.stations.map { feed.stops[$0].id } == ["TU", "BIC_STATION", "AL"])
    let catalog = try FeedNetwork(feed: feed).catalog
    #expect(catalog.lines.first?.stationNames == ["Tutuban", "Bicutan", "Alabang"])
    let timetable = try Timetable(feed: feed)
    let tutuban = try #require(feed.stop(id: "TU"))
    let bicutan = try #require(feed.stop(id: "BIC_STATION"))
    // 2026-11-27 05:00 in Manila (UTC+8) is 2026-11-26T21:00:00Z.
    let journey = try #require(timetable.plan(from: tutuban, to: bicutan, at: 1_795_726_800))
    #expect(journey.arrival == 1_795_726_800 + 3600)
  }
}
