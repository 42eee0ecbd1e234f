import BeaconTestSupport
import Foundation
import Testing

/// `beacon-scan --ranging` and `--calibrate` run on captures: the ranging fields against the
/// log-distance formula worked out here, the calibration against the median computed here from
/// the reports the same replay prints without it, and an RSSI no radio reports (+42 dBm) kept
/// out of both and counted.
@Suite struct RangingCommandTests {
  static let ride = TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")
  static let rangingKeys = ["rssiSmoothed", "distance", "distanceLow", "distanceHigh", "proximity"]

  static func lines(_ arguments: [String]) throws -> [[String: Any]] {
    let result = try Executable.run("beacon-scan", arguments + ["--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    return jsonLines(result.stdout)
  }

  /// `10 ^ ((measuredPower − rssi) / (10 n))` metres.
  static func model(rssi: Double, measuredPower: Double, exponent: Double) -> Double {
    pow(10, (measuredPower - rssi) / (10 * exponent))
  }

  /// Whether `value` is `expected` within the two decimals the output keeps (and the error that
  /// rounding the smoothed RSSI to two decimals makes in a distance).
  static func close(_ value: Double?, _ expected: Double) -> Bool {
    guard let value else { return false }
    return abs(value - expected) <= 0.006 + expected * 0.001
  }

  static func identity(_ line: [String: Any]) -> String {
    ["kind", "uuid", "major", "minor", "namespace", "instance"].map { "\(line[$0] ?? "-")" }.joined(separator: " ")
  }

  @Test func rangingAddsFieldsThatFollowTheModel() throws {
    let plain = try Self.lines(["--replay", Self.ride])
    let ranged = try Self.lines(["--replay", Self.ride, "--ranging"])
    let tuned = try Self.lines(["--replay", Self.ride, "--ranging", "--rssi-offset", "5", "--path-loss-exponent", "2"])
    #expect(plain.count == 429)
    #expect(ranged.count == plain.count)
    #expect(tuned.count == plain.count)
    var firstHeard: Set<String> = []
    var estimated = 0
    for (index, (line, (ranging, offset))) in zip(plain, zip(ranged, tuned)).enumerated() {
      for key in Self.rangingKeys {
        #expect(line[key] == nil, "line \(index): \(key) without --ranging")
        #expect(ranging.keys.contains(key), "line \(index): no \(key)")
      }
      // Everything else is as without --ranging.
      let rest = ranging.filter { !Self.rangingKeys.contains($0.key) }
      #expect(NSDictionary(dictionary: rest).isEqual(to: line), "line \(index)")
      let rssi = line["rssi"] as? Int
      let power = try #require(line["txPower"] as? Int)
      // A beacon's first report is smoothed to itself.
      if firstHeard.insert(Self.identity(line)).inserted, let rssi {
        #expect(ranging["rssiSmoothed"] as? Double == Double(rssi), "line \(index)")
      }
      // Not calibrated, the interval is ±9.4 dB; with --rssi-offset, ±2.7 dB (RangingAccuracy).
      for (state, exponent, shift, spread) in [(ranging, 2.5, 0.0, 9.4), (offset, 2.0, 5.0, 2.7)] {
        guard let smoothed = state["rssiSmoothed"] as? Double, power < 0 else {
          #expect(state["proximity"] as? String == "unknown", "line \(index)")
          continue
        }
        estimated += 1
        if shift > 0 { #expect(abs(smoothed - ((ranging["rssiSmoothed"] as? Double ?? .nan) + shift)) < 0.011) }
        let distance = try #require(state["distance"] as? Double)
        let low = try #require(state["distanceLow"] as? Double)
        let high = try #require(state["distanceHigh"] as? Double)
        let p = Double(power)
        #expect(Self.close(distance, Self.model(rssi: smoothed, measuredPower: p, exponent: exponent)), "line \(index)")
        #expect(
          Self.close(low, Self.model(rssi: smoothed + spread, measuredPower: p, exponent: exponent)), "line \(index)")
        #expect(Self.close(high, Self.model(rssi: smoothed - spread, measuredPower: p, exponent: exponent)))
        #expect(low < distance && distance < high, "line \(index)")
        let proximity = distance < 0.5 ? "immediate" : distance < 3 ? "near" : "far"
        #expect(state["proximity"] as? String == proximity, "line \(index): \(distance) m")
      }
    }
    #expect(estimated > 800)
  }

  @Test func calibrationIsTheMedianOverTheReportsTheReplayPrints() throws {
    let reports = try Self.lines(["--replay", Self.ride]).filter {
      guard let rssi = $0["rssi"] as? Int, let power = $0["txPower"] as? Int else { return false }
      return (-127...0).contains(rssi) && power < 0
    }
    let result = try Executable.run("beacon-scan", ["--replay", Self.ride, "--calibrate", "2", "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 1, "one JSON object")
    let calibration = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])

    func median(_ values: [Double]) -> Double {
      let sorted = values.sorted()
      return (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
    }
    let offsets = reports.compactMap { report -> Double? in
      guard let rssi = report["rssi"] as? Int, let power = report["txPower"] as? Int else { return nil }
      return Double(power) - 10 * 2.5 * log10(2) - Double(rssi)
    }
    #expect(calibration["calibrationDistance"] as? Double == 2)
    #expect(calibration["pathLossExponent"] as? Double == 2.5)
    #expect(calibration["reports"] as? Int == reports.count)
    let offset = try #require(calibration["rssiOffset"] as? Double)
    #expect(abs(offset - median(offsets)) < 0.006, "\(offset) against \(median(offsets))")

    let beacons = try #require(calibration["beacons"] as? [[String: Any]])
    let expected = Dictionary(grouping: reports, by: Self.identity)
    #expect(beacons.count == expected.count)
    let ours = Set(
      beacons.map {
        "\($0["reports"] as? Int ?? -1) \($0["medianRSSI"] as? Double ?? .nan) \($0["measuredPower"] as? Int ?? 1)"
      })
    let theirs = Set(
      expected.values.map { group in
        let rssis = group.compactMap { ($0["rssi"] as? Int).map(Double.init) }
        return "\(group.count) \(median(rssis)) \(group.last?["txPower"] as? Int ?? 1)"
      })
    #expect(ours == theirs)
  }

  /// The made-up recording of RealRSSICaptureTests: −87, +42 and −128 dBm from one beacon.
  @Test(.enabled(if: RealRSSICaptureTests.python != nil, "needs python3 for tools/rssi-captures.py"))
  func impossibleRSSIsAreCountedAndLeftOutOfRanging() throws {
    let data = try RealRSSICaptureTests.madeUpRecording([
      "1581249601.4086823,b827eb4521b4,e78f135624ce,-87,18.031,8.465,1.816",
      "1581249601.8640,b827eb4521b4,e78f135624ce,42,18.0296574,8.465104933,1.821895067",
      "1581249602.3191755,b827eb4521b4,e78f135624ce,-128,7.0,7.09,1.22",
    ])
    defer { data.remove() }
    let output = try TemporaryDirectory()
    defer { output.remove() }
    let conversion = try RealRSSICaptureTests.convert(data: data.url, into: output)
    #expect(conversion.status == 0, "\(conversion.stderr)")
    let capture = output.path("lab/sensor10.btsnoop")

    let ranged = try Executable.run("beacon-scan", ["--replay", capture, "--ranging", "--format", "json"])
    #expect(ranged.status == 0, "\(ranged.stderr)")
    let lines = jsonLines(ranged.stdout)
    #expect(lines.map { $0["rssi"] as? Int } == [-87, 42, -128])
    #expect(lines.map { $0["rssiSmoothed"] as? Double } == [-87, -87, -87])
    let warnings = ranged.stderr.split(separator: "\n").filter { $0.contains("which no receiver can") }
    #expect(warnings.count == 1, "\(ranged.stderr)")
    #expect(warnings.first?.contains("an RSSI of 42 dBm") == true)

    let summary = try Executable.run("beacon-scan", ["--replay", capture, "--summary", "--format", "json"])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(summary.stdout.utf8)) as? [String: Any])
    #expect(document["impossibleRSSIReports"] as? Int == 2)
    #expect(summary.stderr.components(separatedBy: "which no receiver can").count == 2, "one warning")

    // Nothing usable (no Eddystone-UID heard): refused as a data error, with nothing on stdout.
    let nothing = try Executable.run(
      "beacon-scan", ["--replay", capture, "--calibrate", "1", "--kind", "eddystone-uid"])
    #expect(nothing.status == 65)
    #expect(nothing.stdout.isEmpty)
    #expect(nothing.stderr.contains("--calibrate heard no report to calibrate with"), "\(nothing.stderr)")
  }
}
