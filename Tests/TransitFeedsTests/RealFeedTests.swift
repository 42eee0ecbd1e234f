import BeaconTestSupport
import Foundation
import Testing
import TransitFeeds

// The expected values below were read from the feeds' files with Python's csv module
// (`csv.DictReader` over the unzipped `stops.txt`, `trips.txt` and `stop_times.txt`), not with
// this reader.

@Suite("GTFS: the Jakarta MRT feed")
struct JakartaFeedTests {
  let feed: Feed

  init() throws { feed = try Feed.load(from: TestPaths.fixture("gtfs/jakarta-mrt.zip")) }

  @Test func holdsEveryTripAndStopTime() {
    #expect(feed.trips.count == 504)
    #expect(feed.stopTimes.count == 6_528)
    #expect(feed.routes.map(\.id) == ["MRTJ_NS"])
    #expect(feed.timeZone == "Asia/Jakarta")
  }

  @Test func stationsAreTheThirteenLocationType1StopsWithTheirPlatforms() throws {
    // stops.txt: 13 rows with location_type 1, 27 with 0, 88 with 2 (entrances).
    #expect(feed.stops.count == 128)
    #expect(feed.stations.count == 13)
    #expect(feed.stations.map { feed.stops[$0].id }.first == "SLBB")
    let lebakBulus = try #require(feed.stop(id: "SLBB"))
    #expect(feed.platforms(ofStation: lebakBulus).map { feed.stops[$0].id } == ["GLBB01", "GLBB02"])
    #expect(feed.stops[lebakBulus].name == "Stasiun MRT Lebak Bulus Bank Syariah Indonesia")
  }

  @Test func itsStopsAloneAreTheSameStopsAndStationsWithoutTheTimetable() throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("gtfs/jakarta-mrt.zip"))))
    let stops = try Feed.loadStops(name: "jakarta-mrt.zip", zipArchive: bytes)
    #expect(stops.stops == feed.stops)
    #expect(stops.stations == feed.stations)
    #expect(stops.children == feed.children)
    #expect(stops.agencies == feed.agencies)
    #expect(stops.routes.isEmpty && stops.trips.isEmpty && stops.stopTimes.isEmpty && stops.services.isEmpty)
  }

  @Test func firstWeekdayTripRunsLebakBulusToBundaranHI() throws {
    // NS-WD-LBB-BHI-001: 13 stop times, departs GLBB02 at 05:00:00, arrives GBHI02 at 05:29:20.
    let trip = try #require(feed.trip(id: "NS-WD-LBB-BHI-001"))
    let times = feed.stopTimes(ofTrip: trip)
    #expect(times.count == 13)
    #expect(times.first.map { feed.stops[Int($0.stop)].id } == "GLBB02")
    #expect(times.first?.departure == ServiceTime(hours: 5, minutes: 0, seconds: 0))
    #expect(times.last.map { feed.stops[Int($0.stop)].id } == "GBHI02")
    #expect(times.last?.arrival == ServiceTime(hours: 5, minutes: 29, seconds: 20))
    #expect(feed.trips[trip].headsign == "Bundaran HI")
    #expect(feed.trips[trip].directionID == 0)
  }

  @Test func lastWeekdayTripArrivesPastMidnight() throws {
    // NS-WD-BHI-LBB-142: departs GBHI01 at 23:31:30, arrives GLBB01 at 24:00:50, the feed's latest time.
    let trip = try #require(feed.trip(id: "NS-WD-BHI-LBB-142"))
    let times = feed.stopTimes(ofTrip: trip)
    #expect(times.first?.departure?.description == "23:31:30")
    #expect(times.last?.arrival == ServiceTime(hours: 24, minutes: 0, seconds: 50))
    #expect(times.last?.arrival?.description == "24:00:50")
  }

  @Test func weekdayAndWeekendServicesRunOnTheirDays() throws {
    // calendar.txt: WD Monday–Friday, WE Saturday–Sunday, 20190401–20301231.
    let weekday = feed.services[try #require(feed.service(id: "WD"))]
    let weekend = feed.services[try #require(feed.service(id: "WE"))]
    let thursday = ServiceDate(year: 2026, month: 11, day: 26)
    let saturday = ServiceDate(year: 2026, month: 11, day: 28)
    #expect(thursday.weekday == .thursday)
    #expect(weekday.runs(on: thursday) && !weekend.runs(on: thursday))
    #expect(weekend.runs(on: saturday) && !weekday.runs(on: saturday))
    #expect(!weekday.runs(on: ServiceDate(year: 2031, month: 1, day: 2)))
  }

  @Test func directoryReadsAsTheZip() throws {
    let copy = try FeedCopy("jakarta-mrt.zip")
    defer { copy.directory.remove() }
    let unpacked = try Feed.load(from: copy.path)
    #expect(unpacked.stopTimes == feed.stopTimes)
    #expect(unpacked.trips == feed.trips)
    #expect(unpacked.stops == feed.stops)
  }
}

@Suite("GTFS: the Kobe subway feed")
struct KobeFeedTests {
  @Test func readsAnotherCitysFeed() throws {
    // Columns in another order, no agency_id, CRLF in agency.txt, ids in Japanese.
    let feed = try Feed.load(from: TestPaths.fixture("gtfs/kobe-subway.zip"))
    #expect(feed.trips.count == 1_151)
    #expect(feed.stopTimes.count == 15_427)
    #expect(feed.stations.count == 26)
    #expect(feed.timeZone == "Asia/Tokyo")
    #expect(feed.routes.map(\.shortName) == ["西神・山手線", "海岸線"])
    #expect(feed.routes.allSatisfy { $0.agency == 0 })
    // 新神戸_w_0_32_west: 16 stop times, S02 at 24:32:00 to S17 at 25:05:00.
    let trip = try #require(feed.trip(id: "新神戸_w_0_32_west"))
    let times = feed.stopTimes(ofTrip: trip)
    #expect(times.count == 16)
    #expect(times.first?.departure?.description == "24:32:00")
    #expect(times.last.map { feed.stops[Int($0.stop)].id } == "S17")
    #expect(times.last?.arrival?.description == "25:05:00")
    let sannomiya = try #require(feed.stop(id: "三宮"))
    #expect(feed.platforms(ofStation: sannomiya).map { feed.stops[$0].id } == ["S03"])
  }
}
