import BeaconTestSupport
import Foundation
import LineFormats
import MRTNavigation
import Positioning
import StationCatalogs
import Testing
import TransitFeeds
import TransitNetworks

@testable import BeaconCLI

/// The built-in network, read from its compiled-in data (a catalog and the MRT's feed) as the
/// commands read it when no --catalog or --gtfs is given.
@Suite struct BuiltInNetworkTests {
  /// What `beacon-broadcast --list-stations` printed when the network was written in Swift (at
  /// 3ada132, whose test compared the two station by station), for three stations: the data keeps
  /// every field, the MRT's coordinate coming from the feed.
  @Test func theDataGivesTheStationsAsTheyWere() throws {
    let network = try CatalogOptions.parse([]).loadNetwork()
    let lines = StationFormatter(format: .json).lines(for: network.catalog)
    #expect(lines.count == 55)
    for expected in [
      #"{"name":"LebakBulus","displayName":"Lebak Bulus","uuid":"F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3","major":1,"minor":1,"kind":"ibeacon","lineOrder":1,"sponsoredName":"Lebak Bulus Grab","aliases":[],"latitude":-6.289275,"longitude":106.774935,"level":"elevated","lines":["NorthSouth"]}"#,
      #"{"name":"Cakung","displayName":"Cakung","uuid":"F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3","major":2,"minor":8,"kind":"ibeacon","lineOrder":8,"sponsoredName":null,"aliases":[],"latitude":-6.2196,"longitude":106.952,"level":"at-grade","approximate":true,"lines":["Cikarang"]}"#,
      #"{"name":"Halim","displayName":"Halim","uuid":"F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3","major":5,"minor":9,"kind":"ibeacon","lineOrder":9,"sponsoredName":null,"aliases":[],"latitude":-6.245865,"longitude":106.887288,"level":"elevated","lines":["LRTBekasi"]}"#,
    ] {
      #expect(lines.contains(expected), "\(expected)")
    }
  }

  /// A scan reads the catalog without the feed's stop times: the same catalog.
  @Test func itsCatalogAloneIsTheCatalogReadWithTheTimetable() throws {
    #expect(try BuiltInNetwork.loadCatalog() == BuiltInNetwork.load().catalog)
    #expect(try CatalogOptions.parse([]).load() == CatalogOptions.parse([]).loadNetwork().catalog)
  }

  @Test func theMRTStationsAreTheFeedsInItsOrderAndTheOthersHaveNoTimetable() throws {
    let network = try CatalogOptions.parse([]).loadNetwork()
    let feed = try #require(network.feed)
    let northSouth = try #require(network.catalog.lines.first { $0.name == "NorthSouth" })
    // The feed's own reading of its route: the stations of its trips in direction 0.
    let fromFeed = try FeedNetwork(feed: feed)
    let feedLine = try #require(fromFeed.catalog.lines.first)
    #expect(northSouth.stationNames.map { network.stopIDs[$0] } == feedLine.stationNames.map { fromFeed.stopIDs[$0] })
    #expect(network.stopIDs.count == northSouth.stationNames.count)
    #expect(network.catalog.station(named: "Sudirman").flatMap(network.stop(of:)) == nil)
  }

  @Test func theMRTCoordinatesAreThePlatformsCentres() throws {
    let network = try CatalogOptions.parse([]).loadNetwork()
    let feed = try #require(network.feed)
    for (name, stopID) in network.stopIDs {
      let station = try #require(network.catalog.station(named: name))
      let coordinate = try #require(station.coordinate)
      let platforms = feed.platforms(ofStation: try #require(feed.stop(id: stopID)))
      #expect(!platforms.isEmpty)
      let latitude = platforms.compactMap { feed.stops[$0].latitude }.reduce(0, +) / Double(platforms.count)
      let longitude = platforms.compactMap { feed.stops[$0].longitude }.reduce(0, +) / Double(platforms.count)
      #expect(abs(coordinate.latitude - latitude) <= 0.000_000_5, "\(name)")
      #expect(abs(coordinate.longitude - longitude) <= 0.000_000_5, "\(name)")
    }
  }

  @Test func itsTimetableIsTheMRTsInJakartaTime() throws {
    let network = try CatalogOptions.parse([]).loadNetwork()
    let timetable = try #require(try network.timetable())
    #expect(timetable.timeZone.identifier == "Asia/Jakarta")
    let lebakBulus = try #require(network.catalog.station(named: "LebakBulus").flatMap(network.stop(of:)))
    let bundaranHI = try #require(network.catalog.station(named: "BundaranHI").flatMap(network.stop(of:)))
    // Friday 27 November 2026, 09:00 in Jakarta (UTC+7): one train, about half an hour.
    let journey = try #require(timetable.plan(from: lebakBulus, to: bundaranHI, at: 1_795_744_800))
    #expect(journey.legs.count == 1)
    #expect((1_795_744_800..<1_795_744_800 + 15 * 60).contains(journey.departure))
    #expect((25 * 60...35 * 60).contains(journey.arrival - journey.departure))
  }
}

/// A catalog read with a feed: stations that name a `stopId` take the feed's coordinates.
@Suite struct CatalogWithFeedTests {
  static func feed() throws -> Feed { try Feed.load(from: TestPaths.fixture("gtfs/jakarta-mrt.zip")) }

  static func catalog(_ stations: String) -> Data {
    Data(
      """
      {"stations": [\(stations),
        {"name": "Office", "uuid": "11111111-2222-3333-4444-555555555555", "major": 7, "minor": 2}]}
      """.utf8)
  }

  @Test func aStationWithAStopIdAndNoCoordinateTakesItsPlatformsCentre() throws {
    let data = Self.catalog(
      #"{"name": "Home", "stopId": "SBKM", "uuid": "11111111-2222-3333-4444-555555555555", "major": 7, "minor": 1}"#)
    let read = try CatalogFile.parse(data, path: "mine.json", feed: try Self.feed())
    // Blok M's three platforms' centre, to six decimals (not the station's own point, nor its
    // entrances').
    #expect(
      read.catalog.station(named: "Home")?.coordinate == GeoCoordinate(latitude: -6.244423, longitude: 106.798123))
    #expect(read.stopIDs == ["Home": "SBKM"])
    #expect(read.catalog.station(named: "Office")?.coordinate == nil)
  }

  @Test func aCoordinateOfTheCatalogIsKept() throws {
    let data = Self.catalog(
      #"{"name": "Home", "stopId": "GBKM01", "latitude": -6.2, "longitude": 106.8, "uuid": "11111111-2222-3333-4444-555555555555", "major": 7, "minor": 1}"#
    )
    let read = try CatalogFile.parse(data, path: "mine.json", feed: try Self.feed())
    #expect(read.catalog.station(named: "Home")?.coordinate == GeoCoordinate(latitude: -6.2, longitude: 106.8))
    // A platform's id links its station.
    #expect(read.stopIDs == ["Home": "SBKM"])
  }

  @Test func aStopIdTheFeedDoesNotHaveIsRefused() throws {
    let data = Self.catalog(
      #"{"name": "Home", "stopId": "NOPE", "uuid": "11111111-2222-3333-4444-555555555555", "major": 7, "minor": 1}"#)
    #expect(
      throws: CatalogFileError.invalid(
        path: "mine.json", reason: #"station "Home": "stopId" NOPE is no station or platform of the feed"#)
    ) { try CatalogFile.parse(data, path: "mine.json", feed: try Self.feed()) }
    // Without a feed the link is not read.
    #expect(try CatalogFile.parse(data, path: "mine.json").station(named: "Home") != nil)
  }
}
