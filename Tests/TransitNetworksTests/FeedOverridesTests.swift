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
    #expect(catalog.station(named: "谷上")?.beacon == .iBeacon(uuid: JakartaMRT.projectUUID, major: 1, minor: 17))
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
