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
    #expect(first.beacon == .iBeacon(uuid: JakartaMRT.projectUUID, major: 1, minor: 1))
    #expect(last.beacon == .iBeacon(uuid: JakartaMRT.projectUUID, major: 1, minor: 13))
    // Names as a rider types them, and stop ids.
    #expect(catalog.station(named: "stasiun mrt lebak bulus bank syariah indonesia") == first)
    #expect(catalog.station(named: "SBHI") == last)
    #expect(catalog.station(for: .iBeacon(uuid: JakartaMRT.projectUUID, major: 1, minor: 13)) == last)
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
    #expect(shinNagata.beacon == .iBeacon(uuid: JakartaMRT.projectUUID, major: 1, minor: 9))
    #expect(catalog.lines(at: shinNagata).map(\.displayName) == ["西神・山手線", "海岸線"])
    let harborland = try #require(catalog.station(named: "ハーバーランド"))
    #expect(harborland.beacon == .iBeacon(uuid: JakartaMRT.projectUUID, major: 2, minor: 7))
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
}
