import BeaconTestSupport
import Beacons
import BluetoothTypes
import Foundation
import MRTNavigation
import Testing
import TransitFeeds
import TransitNetworks

/// The Kobe feed unpacked (by Python's zipfile) with a `beacons.txt` or a `transfers.txt` added.
@Suite("A feed's beacons.txt and transfers.txt")
struct FeedOverridesTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(TestPaths.executable("python3")))
    process.arguments = ["-m", "zipfile", "-e", TestPaths.fixture("gtfs/kobe-subway.zip"), directory.url.path]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
  }

  func write(_ text: String, to file: String) throws {
    try text.write(toFile: directory.path(file), atomically: true, encoding: .utf8)
  }

  @Test func beaconsTxtNumbersTheStationsItListsAndTheDefaultSchemeTheRest() throws {
    // One row by the station's stop_id, one by a platform's (S12, Myodani's).
    try write(
      "stop_id,uuid,major,minor\n三宮,11111111-2222-3333-4444-555555555555,300,1\nS12,11111111-2222-3333-4444-555555555555,300,2\n",
      to: "beacons.txt")
    let catalog = try FeedNetwork(feed: Feed.load(from: directory.url.path)).catalog
    let uuid = try #require(UUID128("11111111-2222-3333-4444-555555555555"))
    #expect(catalog.station(named: "三宮")?.beacon == .iBeacon(uuid: uuid, major: 300, minor: 1))
    #expect(catalog.station(named: "名谷")?.beacon == .iBeacon(uuid: uuid, major: 300, minor: 2))
    #expect(catalog.station(named: "谷上")?.beacon == .iBeacon(uuid: RailBeaconUUIDs.station, major: 1, minor: 17))
    _ = directory
  }

  /// A zip is left as published; its beacons.txt lies beside it, in its folder.
  @Test func beaconsTxtBesideAZipNumbersItsStations() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let zip = folder.path("kobe-subway.zip")
    try FileManager.default.copyItem(atPath: TestPaths.fixture("gtfs/kobe-subway.zip"), toPath: zip)
    _ = try folder.write(
      Array("stop_id,uuid,major,minor\n三宮,11111111-2222-3333-4444-555555555555,300,1\n".utf8), to: "beacons.txt")
    let catalog = try FeedNetwork(feed: Feed.load(from: zip)).catalog
    let uuid = try #require(UUID128("11111111-2222-3333-4444-555555555555"))
    #expect(catalog.station(named: "三宮")?.beacon == .iBeacon(uuid: uuid, major: 300, minor: 1))
    // A defect there is named by its path.
    _ = try folder.write(Array("stop_id,uuid,major,minor\n三宮,not-a-uuid,300,1\n".utf8), to: "beacons.txt")
    #expect(
      throws: FeedError.malformedValue(
        file: folder.path("beacons.txt"), line: 2, column: "uuid", value: "not-a-uuid",
        expected: "a UUID (8-4-4-4-12 hex digits)")
    ) { try Feed.load(from: zip) }
  }

  @Test func aMalformedBeaconsTxtRowIsRefusedWithItsLineAndColumn() throws {
    try write(
      "stop_id,uuid,major,minor\n三宮,11111111-2222-3333-4444-555555555555,300,1\n谷上,not-a-uuid,1,1\n", to: "beacons.txt")
    #expect(
      throws: FeedError.malformedValue(
        file: "beacons.txt", line: 3, column: "uuid", value: "not-a-uuid", expected: "a UUID (8-4-4-4-12 hex digits)")
    ) { try Feed.load(from: directory.url.path) }
    try write("stop_id,uuid,major,minor\n三宮,11111111-2222-3333-4444-555555555555,65536,1\n", to: "beacons.txt")
    #expect(
      throws: FeedError.malformedValue(
        file: "beacons.txt", line: 2, column: "major", value: "65536", expected: "one of 0…65535")
    ) { try Feed.load(from: directory.url.path) }
  }

  @Test func trainsCarryTheDefaultSchemesBeaconsByRoutePosition() throws {
    let catalog = try FeedNetwork(feed: Feed.load(from: directory.url.path)).catalog
    // 海岸線 is routes.txt's second route; its trips of direction_id 0 run towards
    // 三宮・花時計前, the line's last station.
    let kaigan = try #require(catalog.line(named: "海岸線"))
    let identity = try #require(catalog.trainBeacon(of: kaigan, .towardsLast, trainSet: 5))
    #expect(identity == .iBeacon(uuid: RailBeaconUUIDs.train, major: 21, minor: 5))
    let train = try #require(catalog.train(for: .iBeacon(uuid: RailBeaconUUIDs.train, major: 22, minor: 7)))
    #expect(train.line == kaigan && train.direction == .towardsFirst && train.trainSet == 7)
    #expect(train.headsign == "新長田")
  }

  @Test func beaconsTxtGivesARouteAndDirectionATrainBeaconOfItsOwn() throws {
    try write(
      """
      stop_id,route_id,direction_id,uuid,major,minor
      三宮,,,11111111-2222-3333-4444-555555555555,300,1
      ,kaigan,0,AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE,700,

      """, to: "beacons.txt")
    let catalog = try FeedNetwork(feed: Feed.load(from: directory.url.path)).catalog
    let kaigan = try #require(catalog.line(named: "海岸線"))
    let own = try #require(UUID128("AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE"))
    #expect(catalog.trainBeacon(of: kaigan, .towardsLast, trainSet: 12) == .iBeacon(uuid: own, major: 700, minor: 12))
    let train = try #require(catalog.train(for: .iBeacon(uuid: own, major: 700, minor: 12)))
    #expect(train.line == kaigan && train.direction == .towardsLast && train.trainSet == 12)
    // The other way keeps the default scheme; the trains are ranged on both UUIDs.
    #expect(
      catalog.trainBeacon(of: kaigan, .towardsFirst, trainSet: 1)
        == .iBeacon(uuid: RailBeaconUUIDs.train, major: 22, minor: 1))
    #expect(catalog.trainBeacons?.regions.map(\.uuid) == [RailBeaconUUIDs.train, own])
  }

  @Test(arguments: [
    (
      ",kaigan,0,AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE,700,5",
      FeedError.malformedValue(
        file: "beacons.txt", line: 2, column: "minor", value: "5",
        expected: "empty on a train's row (its minor is the train set)")
    ),
    (
      ",tozai,0,AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE,700,",
      FeedError.unknownReference(
        file: "beacons.txt", line: 2, column: "route_id", value: "tozai", definedIn: "routes.txt")
    ),
    (
      ",kaigan,2,AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE,700,",
      FeedError.malformedValue(
        file: "beacons.txt", line: 2, column: "direction_id", value: "2", expected: "one of 0…1")
    ),
    (
      ",,,AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE,700,",
      FeedError.missingValue(
        file: "beacons.txt", line: 2, column: "stop_id")
    ),
  ])
  func aMalformedTrainRowIsRefusedAtItsCell(_ row: String, _ expected: FeedError) throws {
    try write("stop_id,route_id,direction_id,uuid,major,minor\n\(row)\n", to: "beacons.txt")
    #expect(throws: expected) { try Feed.load(from: directory.url.path) }
  }

  @Test func aRouteAndDirectionListedTwiceIsRefused() throws {
    try write(
      "route_id,direction_id,uuid,major\nkaigan,1,AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE,700\n"
        + "kaigan,1,AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE,701\n", to: "beacons.txt")
    #expect(throws: FeedError.duplicateID(file: "beacons.txt", line: 3, column: "route_id", value: "kaigan")) {
      try Feed.load(from: directory.url.path)
    }
  }

  @Test func transfersTxtGivesAWalkBetweenTwoStations() throws {
    // Sannomiya (Seishin-Yamate line) and Sannomiya-Hanadokeimae (Kaigan line): a walk of 5 min.
    try write(
      "from_stop_id,to_stop_id,transfer_type,min_transfer_time\n三宮,三宮・花時計前,2,300\nS03,K01,2,420\n", to: "transfers.txt")
    let catalog = try FeedNetwork(feed: Feed.load(from: directory.url.path)).catalog
    #expect(catalog.interchanges == [Interchange(from: "三宮", to: "三宮・花時計前", walkingTime: .seconds(300))])
    let tanigami = try #require(catalog.station(named: "谷上"))
    let hanadokei = try #require(catalog.station(named: "三宮・花時計前"))
    // Tanigami → Sannomiya 2 stops, the walk 1: not round by Shin-Nagata (8 + 9).
    #expect(catalog.stops(from: tanigami, to: hanadokei) == 3)
  }
}
