import BeaconTestSupport
import Foundation
import Testing

/// `beacon-ride --from` on a network whose trains carry no beacons says once, on standard
/// error, that the train coming in cannot be announced; the ride goes on.
@Suite struct TrainNotAnnouncedTests {
  static let ride = TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")
  static let notice = "beacon-ride: the train coming in cannot be announced: "

  /// The North–South line's stations as a network file: the line with its code, no `trainUUID`.
  static func catalogWithoutTrainBeacons() throws -> String {
    let listing = try Executable.run("beacon-broadcast", ["--list-stations", "--format", "json"])
    try #require(listing.status == 0)
    var stations: [[String: Any]] = []
    for line in listing.stdout.split(separator: "\n") {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      guard (object["lines"] as? [String])?.first == "NorthSouth" else { continue }
      stations.append(object.filter { $0.key != "lines" && $0.key != "lineOrder" })
    }
    let network: [String: Any] = [
      "stations": stations,
      "lines": [
        [
          "name": "NorthSouth", "displayName": "MRT North–South line", "code": 1,
          "stations": stations.map { $0["name"] },
        ]
      ],
    ]
    let path = try RideReportCommandTests.folder().appendingPathComponent("no-train-beacons.json").path
    try JSONSerialization.data(withJSONObject: network).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aNetworkWithoutTrainBeaconsSaysSoOnce() throws {
    let catalog = try Self.catalogWithoutTrainBeacons()
    let result = try Executable.run(
      "beacon-ride", ["--replay", Self.ride, "--catalog", catalog, "--from", "LebakBulus", "--to", "BlokM"])
    #expect(result.status == 0, "\(result.stderr)")
    let said = result.stderr.split(separator: "\n").filter { $0.hasPrefix(Self.notice) }
    #expect(said == ["\(Self.notice)this catalog's trains carry no beacons"], "\(result.stderr)")
    // The ride went on: found at Lebak Bulus, arrived at Blok M.
    #expect(result.stdout.contains("FOUND") && result.stdout.contains("ARRIVED"), "\(result.stdout)")
  }

  /// The built-in network's trains carry beacons: nothing to say; without `--from` no train is
  /// waited for, so nothing either.
  @Test(arguments: [["--from", "LebakBulus", "--to", "BlokM"], ["--to", "BlokM"]])
  func aNetworkWithTrainBeaconsSaysNothing(journey: [String]) throws {
    let result = try Executable.run("beacon-ride", ["--replay", Self.ride] + journey)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains(Self.notice), "\(result.stderr)")
  }
}
