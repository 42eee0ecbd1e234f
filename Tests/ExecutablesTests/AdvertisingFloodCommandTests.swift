import BeaconTestSupport
import Testing

/// Floods don't hide stations (issue 12), end to end: `beacon-ride` and `beacon-scan --notify`
/// print the same for `ride-advertising-flood` (hundreds of new random advertisers a second
/// mixed in at every stop) as for `ride-rogue-far-beacon`, the same ride without the flood.
@Suite struct AdvertisingFloodCommandTests {
  static let flooded = TestPaths.fixture("ride-advertising-flood.btsnoop")
  static let clean = TestPaths.fixture("ride-rogue-far-beacon.btsnoop")

  @Test(arguments: [["--format", "text"], ["--format", "json"]])
  func rideAnnouncesTheSameStations(format: [String]) throws {
    let clean = try Executable.run("beacon-ride", ["--replay", Self.clean, "--to", "BlokA"] + format)
    let flooded = try Executable.run("beacon-ride", ["--replay", Self.flooded, "--to", "BlokA"] + format)
    #expect(clean.status == 0, "\(clean.stderr)")
    #expect(clean.stdout.contains("Blok A"))
    #expect(flooded.status == clean.status, "\(flooded.stderr)")
    #expect(flooded.stdout == clean.stdout)
  }

  @Test func notifyPrintsTheSameStationEvents() throws {
    let clean = try Executable.run("beacon-scan", ["--replay", Self.clean, "--notify", "--format", "json"])
    let flooded = try Executable.run("beacon-scan", ["--replay", Self.flooded, "--notify", "--format", "json"])
    #expect(clean.status == 0, "\(clean.stderr)")
    #expect(jsonLines(clean.stdout).count >= 9, "four stops found and left, the rogue beacon suspected")
    #expect(flooded.status == clean.status, "\(flooded.stderr)")
    #expect(flooded.stdout == clean.stdout)
  }
}
