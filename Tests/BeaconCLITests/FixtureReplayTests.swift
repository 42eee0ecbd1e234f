import BeaconScanning
import BeaconTestSupport
import Foundation
import HCITestSupport
import LineFormats
import MRTNavigation
import Testing

@testable import BeaconCLI

/// Our pipeline against the fixtures' expectations, which tools/make-fixtures.py (an independent
/// Python encoder) writes from the same scenario as the capture bytes.
@Suite struct FixtureReplayTests {
  static func fixturesWithExpectations() -> [String] { TestPaths.fixturesWithExpectations() }

  static func jsonObjects(_ lines: some Sequence<some StringProtocol>) throws -> [NSDictionary] {
    try lines.filter { !$0.isEmpty }.map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
      return try #require(object as? NSDictionary)
    }
  }

  @Test func thereAreFixtures() {
    #expect(Self.fixturesWithExpectations().count >= 4)
  }

  @Test(arguments: fixturesWithExpectations())
  func replayMatchesTheScenario(name: String) throws {
    let expectedText = try String(contentsOfFile: TestPaths.fixture(name + ".expected.jsonl"), encoding: .utf8)
    let expected = try Self.jsonObjects(expectedText.split(separator: "\n"))
    var scanner = BeaconScanner()
    let formatter = SightingFormatter(format: .json)
    var lines: [String] = []
    _ = try scanCapture(TestPaths.fixture(name + ".btsnoop"), with: &scanner) { sighting, _ in
      lines.append(
        formatter.line(for: sighting, station: TestCatalogs.jakartaRail.station(for: sighting.frame.identity)))
    }
    let actual = try Self.jsonObjects(lines)
    #expect(actual.count == expected.count, "\(name): report count")
    for (index, (ours, theirs)) in zip(actual, expected).enumerated() {
      // Every field the scenario states must match; we may add fields it does not state.
      for case (let key as String, let value) in theirs {
        #expect(
          (ours[key] as? NSObject) == (value as? NSObject),
          "\(name) report \(index + 1) field \(key): ours \(String(describing: ours[key])), expected \(value)")
      }
    }
  }
}
