import BeaconTestSupport
import Foundation
import Testing

/// `beacon-scan --replay FILE --summary` against numbers computed without our code: by
/// `tools/summary-oracle.py` from the fixtures' oracle files, which `tools/make-fixtures.py`
/// (an independent Python encoder and decoder) writes.
@Suite struct ScanSummaryCommandTests {
  static func summaryJSON(_ fixture: String, _ extra: [String] = []) throws -> NSDictionary {
    let result = try Executable.run(
      "beacon-scan", ["--replay", TestPaths.fixture(fixture + ".btsnoop"), "--summary", "--format", "json"] + extra)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 1, "one JSON document on one line")
    return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? NSDictionary)
  }

  /// The oracle's document for a fixture, from `python3 tools/summary-oracle.py`.
  static func oracleJSON(_ fixture: String) throws -> NSDictionary {
    let script = TestPaths.packageRoot.appendingPathComponent("tools/summary-oracle.py").path
    let result = try ChildProcess(
      executable: "/usr/bin/env", arguments: ["python3", script, TestPaths.fixture(fixture)]
    ).finish()
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? NSDictionary)
  }

  /// Beacon entries keyed by identity, so that order does not matter.
  static func beaconsByIdentity(_ document: NSDictionary) -> [String: NSDictionary] {
    let beacons = (document["beacons"] as? [NSDictionary]) ?? []
    var byIdentity: [String: NSDictionary] = [:]
    for beacon in beacons {
      let key = ["kind", "uuid", "major", "minor", "namespace", "instance"].map { "\(beacon[$0] ?? "-")" }
      byIdentity[key.joined(separator: " ")] = beacon
    }
    return byIdentity
  }

  @Test(arguments: TestPaths.fixturesWithExpectations())
  func summaryEqualsTheOracle(fixture: String) throws {
    let ours = try Self.summaryJSON(fixture)
    let oracle = try Self.oracleJSON(fixture)
    for key in ["advertisingReports", "beaconReports", "matchedReports", "nonBeaconReports", "malformedEvents"] {
      #expect(ours[key] as? Int == oracle[key] as? Int, "\(fixture): \(key)")
    }
    #expect((ours["kinds"] as? NSDictionary)?.isEqual(oracle["kinds"]) == true, "\(fixture): kinds")
    let ourBeacons = Self.beaconsByIdentity(ours)
    let oracleBeacons = Self.beaconsByIdentity(oracle)
    #expect(ourBeacons.count == (ours["beacons"] as? [Any])?.count, "identities are distinct")
    #expect(Set(ourBeacons.keys) == Set(oracleBeacons.keys), "\(fixture): identities")
    for (identity, expected) in oracleBeacons {
      #expect(ourBeacons[identity]?.isEqual(expected) == true, "\(fixture): \(identity)")
    }
  }

  /// Exact figures for the bundled ride, from `tools/summary-oracle.py Fixtures/ride-lebak-bulus-to-bundaran-hi`
  /// (statistics.median over the oracle's 27 Lebak Bulus reports), pinned so that a change to the
  /// fixture or the oracle is seen too.
  @Test func bundledRideFigures() throws {
    let ours = try Self.summaryJSON("ride-lebak-bulus-to-bundaran-hi")
    #expect(ours["advertisingReports"] as? Int == 1540)
    #expect(ours["beaconReports"] as? Int == 429)
    #expect(ours["nonBeaconReports"] as? Int == 1111)
    let kinds = ours["kinds"] as? [String: [String: Int]]
    #expect(kinds?["ibeacon"] == ["reports": 308, "beacons": 13])
    #expect(kinds?["altbeacon"] == ["reports": 59, "beacons": 1])
    #expect(kinds?["eddystone-uid"] == ["reports": 62, "beacons": 1])
    let beacons = try #require(ours["beacons"] as? [[String: Any]])
    // Stations first, in line order.
    #expect(beacons.prefix(13).compactMap { $0["station"] as? String }.first == "LebakBulus")
    #expect(beacons[12]["station"] as? String == "BundaranHI")
    let lebakBulus = beacons[0]
    #expect(lebakBulus["reports"] as? Int == 27)
    #expect(lebakBulus["addresses"] as? Int == 1)
    #expect(lebakBulus["rssiMin"] as? Int == -95)
    #expect(lebakBulus["rssiMedian"] as? Double == -81)
    #expect(lebakBulus["rssiMax"] as? Int == -72)
    #expect(lebakBulus["firstSeen"] as? String == "2026-11-22T07:19:27.118Z")
    #expect(lebakBulus["lastSeen"] as? String == "2026-11-22T07:22:20.722Z")
  }

  /// tricky-reports: two Blok A reports from two addresses at −75 and −72 dBm (median −73.5), one
  /// Blok M report without RSSI, 2 malformed events (figures from tools/summary-oracle.py).
  @Test func halfDecibelMedianAndMissingRSSI() throws {
    let ours = try Self.summaryJSON("tricky-reports")
    #expect(ours["malformedEvents"] as? Int == 2)
    let beacons = try #require(ours["beacons"] as? [[String: Any]])
    let blokA = try #require(beacons.first { $0["station"] as? String == "BlokA" })
    #expect(blokA["addresses"] as? Int == 2)
    #expect(blokA["rssiMedian"] as? Double == -73.5)
    let blokM = try #require(beacons.first { $0["station"] as? String == "BlokM" })
    #expect(blokM["rssiMedian"] is NSNull)
    #expect(blokM["reportsWithoutRSSI"] as? Int == 1)
  }

  @Test func filtersNarrowTheTablesButNotTheTotals() throws {
    let ours = try Self.summaryJSON("ride-lebak-bulus-to-bundaran-hi", ["--station", "CipeteRaya"])
    #expect(ours["advertisingReports"] as? Int == 1540)
    #expect(ours["beaconReports"] as? Int == 429)
    let beacons = try #require(ours["beacons"] as? [[String: Any]])
    #expect(beacons.map { $0["station"] as? String } == ["CipeteRaya"])
    #expect(ours["matchedReports"] as? Int == beacons[0]["reports"] as? Int)
  }

  @Test func textSummaryHasATableAndTotals() throws {
    let result = try Executable.run(
      "beacon-scan", ["--replay", TestPaths.fixture("raw-hci-1001.btsnoop"), "--summary"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first?.hasPrefix("KIND") == true)
    #expect(lines.first?.contains("MEDIAN") == true)
    // raw-hci-1001: 5 beacons, each heard once (Fixtures/raw-hci-1001.expected.jsonl).
    #expect(lines.dropFirst().prefix(5).allSatisfy { !$0.isEmpty })
    #expect(lines[1].hasPrefix("ibeacon") && lines[1].contains("Blok A"), "stations first, in line order")
    #expect(lines[2].contains("Blok M"))
    #expect(lines.contains { $0.hasPrefix("non-beacon") && $0.hasSuffix(" 3        -") })
    #expect(lines.contains { $0.hasPrefix("all reports") && $0.contains(" 8 ") })
  }

  @Test func summaryRefusesPerReportModes() throws {
    let ride = TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")
    for flag in ["--table", "--once", "--notify"] {
      let result = try Executable.run("beacon-scan", ["--replay", ride, "--summary", flag])
      #expect(result.status == 64, "\(flag)")
      #expect(result.stderr.contains("--summary"), "\(flag)")
    }
  }
}
