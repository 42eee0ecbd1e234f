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

  /// One station event: found or left, the time (µs) and the true distance (m).
  struct Detection: Equatable {
    var kind: String
    var microseconds: Int64
    var distance: Double
  }

  /// The pair and offset of the detection test: at −10 dB the Pi sensor10 drops below the
  /// thresholds on straight_01 (found three times, left twice), at 0 dB it never leaves.
  static let detectionPair = "straight_01/sensor10"
  static let detectionOffset = -10

  /// The product's presence rules computed on the truth file alone, each report alone (a window of
  /// 0 s): found at the third report in a row at −88 dBm or more, left at a report below −95 dBm
  /// or, when the next report comes 20 s or more later (the exit period), at the last one heard.
  static func expectedDetections(_ rows: [RealRSSICaptureTests.TruthRow], offset: Int) -> [Detection] {
    var detections: [Detection] = []
    var present = false
    var strong = 0
    var previous: RealRSSICaptureTests.TruthRow?
    for row in rows {
      if let last = previous, row.microseconds - last.microseconds >= 20_000_000 {
        if present {
          detections.append(Detection(kind: "left", microseconds: last.microseconds, distance: last.distance))
        }
        present = false
        strong = 0
      }
      previous = row
      let rssi = row.rssi + offset
      if present {
        guard rssi < -95 else { continue }
        detections.append(Detection(kind: "left", microseconds: row.microseconds, distance: row.distance))
        present = false
        strong = 0
      } else {
        strong = rssi >= -88 ? strong + 1 : 0
        if strong >= 3 {
          detections.append(Detection(kind: "found", microseconds: row.microseconds, distance: row.distance))
          present = true
        }
      }
    }
    return detections
  }

  @Test(
    .enabled(
      if: RealRSSICaptureTests.datasetAvailable,
      "../shared/rssi/philotuxo is not beside the project: the station detection test is skipped"),
    .enabled(if: RealRSSICaptureTests.python != nil, "needs python3 for tools/rssi-captures.py"))
  func detectionPairsEachFoundAndLeftWithTheTriggeringReportsTrueDistance() throws {
    let captures = try TemporaryDirectory()
    defer { captures.remove() }
    let conversion = try RealRSSICaptureTests.convert(data: RealRSSICaptureTests.dataset, into: captures)
    #expect(conversion.status == 0, "\(conversion.stderr)")

    let rows = try RealRSSICaptureTests.truth(captures.path("\(Self.detectionPair).truth.csv"))
    let result = try Executable.run(
      "ranging-accuracy",
      [
        captures.url.path, "--pair", Self.detectionPair, "--detect", "--window", "0", "--offset",
        "\(Self.detectionOffset)",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let detections = try result.stdout.split(separator: "\n").map { line in
      let fields = line.split(separator: " ").map(String.init)
      try #require(fields.count == 3, "\(line)")
      return Detection(
        kind: fields[0], microseconds: try #require(Int64(fields[1])), distance: try #require(Double(fields[2])))
    }
    let expected = Self.expectedDetections(rows, offset: Self.detectionOffset)
    #expect(expected.contains { $0.kind == "found" } && expected.contains { $0.kind == "left" })
    #expect(detections.map(\.kind) == expected.map(\.kind))
    #expect(detections.map(\.microseconds) == expected.map(\.microseconds))
    for (tool, truth) in zip(detections, expected) {
      #expect(abs(tool.distance - truth.distance) < 0.000_001, "tool \(tool), truth \(truth)")
    }
  }
}
