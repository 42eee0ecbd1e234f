import BeaconTestSupport
import Foundation
import Testing

/// `ranging-accuracy --pair` on captures `tools/rssi-captures.py` wrote from the philotuxo
/// recordings: its median error factor is the one computed here from the truth CSV alone with
/// the log-distance model, so the tool decodes, offsets, smooths and pairs each report with its
/// own true distance.
@Suite struct RangingAccuracyTests {
  /// The log-distance estimate of the truth file's rows, each smoothed as `smoothed` says, and its
  /// median error factor: median of max(estimate / truth, truth / estimate).
  static func medianErrorFactor(
    _ rows: [RealRSSICaptureTests.TruthRow], exponent: Double, offset: Int,
    smoothed: ([RealRSSICaptureTests.TruthRow], Int) -> Double
  ) -> Double {
    let measurable = rows.filter { $0.rssi < 0 && $0.distance >= 0.01 }
    let factors = measurable.indices.map { index in
      let rssi = smoothed(measurable, index) + Double(offset)
      let estimate = pow(10, (-59 - rssi) / (10 * exponent))
      return max(estimate / measurable[index].distance, measurable[index].distance / estimate)
    }
    return median(factors)
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// What the tool prints for one pair: its report count and median error factor.
  static func pair(_ captures: TemporaryDirectory, _ arguments: [String]) throws -> (reports: Int, factor: Double) {
    let result = try Executable.run("ranging-accuracy", [captures.url.path, "--pair"] + arguments)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    try #require(lines.count == 2, "\(result.stdout)")
    let reports = try #require(Int(lines[0].replacingOccurrences(of: "reports ", with: "")))
    let factor = try #require(Double(lines[1].replacingOccurrences(of: "median error factor ", with: "")))
    return (reports, factor)
  }

  @Test(
    .enabled(
      if: RealRSSICaptureTests.datasetAvailable,
      "../shared/rssi/philotuxo is not beside the project: the ranging accuracy test is skipped"),
    .enabled(if: RealRSSICaptureTests.python != nil, "needs python3 for tools/rssi-captures.py"))
  func pairMatchesTheLogDistanceModelOnTheTruth() throws {
    let captures = try TemporaryDirectory()
    defer { captures.remove() }
    let conversion = try RealRSSICaptureTests.convert(data: RealRSSICaptureTests.dataset, into: captures)
    #expect(conversion.status == 0, "\(conversion.stderr)")

    // Each report alone (--window 0), no offset: the Pi sensor10 on straight_01.
    let pi = try RealRSSICaptureTests.truth(captures.path("straight_01/sensor10.truth.csv"))
    let single = try Self.pair(captures, ["straight_01/sensor10", "--window", "0", "--exponent", "2", "--offset", "0"])
    #expect(single.reports == pi.filter { $0.rssi < 0 }.count)
    let expectedSingle = Self.medianErrorFactor(pi, exponent: 2, offset: 0) { rows, index in Double(rows[index].rssi) }
    #expect(abs(single.factor - expectedSingle) < 0.000_01, "tool \(single.factor), truth \(expectedSingle)")

    // A 10-s moving median (--trim 0.49), an offset of -7 dB, n 2.3: the dongle sensor41 on straight_03.
    let dongle = try RealRSSICaptureTests.truth(captures.path("straight_03/sensor41.truth.csv"))
    let smoothed = try Self.pair(
      captures, ["straight_03/sensor41", "--window", "10", "--trim", "0.49", "--exponent", "2.3", "--offset", "-7"])
    let expectedSmoothed = Self.medianErrorFactor(dongle, exponent: 2.3, offset: -7) { rows, index in
      let now = rows[index].microseconds
      return Self.median(rows[...index].filter { now - $0.microseconds <= 10_000_000 }.map { Double($0.rssi) })
    }
    #expect(smoothed.reports > 50)
    #expect(abs(smoothed.factor - expectedSmoothed) < 0.000_01, "tool \(smoothed.factor), truth \(expectedSmoothed)")
    // The offset matters: without it the same pair is further off.
    let unadjusted = try Self.pair(
      captures, ["straight_03/sensor41", "--window", "10", "--trim", "0.49", "--exponent", "2.3", "--offset", "0"])
    #expect(unadjusted.factor != smoothed.factor)
  }
}
