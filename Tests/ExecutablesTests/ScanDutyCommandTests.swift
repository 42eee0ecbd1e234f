import BeaconTestSupport
import Foundation
import Testing

/// `--scan-interval`, `--scan-window` and `--duty` end to end: `beacon-scan` and `beacon-ride`
/// against tools/fault-controller.py, which logs the LE Set Scan Parameters it receives. What the
/// controller is sent is what was asked for, in 0.625 ms units, and the run says its duty.
@Suite(.serialized, .enabled(if: FaultController.python != nil, "needs python3 for tools/fault-controller.py"))
struct ScanDutyCommandTests {
  /// One run: the program and its timing options, the parameters the controller must receive
  /// (as the fault controller logs them) and what the `scanning` line must say.
  struct Case: CustomTestStringConvertible, Sendable {
    var program: String
    var arguments: [String]
    var received: String
    var scanning: String
    var testDescription: String { "\(program) \(arguments.joined(separator: " "))" }
  }

  static let cases = [
    Case(
      program: "beacon-scan", arguments: [],
      received: "LE Set Scan Parameters: passive, interval 0x00A0 (100 ms), window 0x00A0 (100 ms)",
      scanning: "interval 100 ms, window 100 ms, 100 % duty"),
    Case(
      program: "beacon-scan", arguments: ["--duty", "25"],
      received: "LE Set Scan Parameters: passive, interval 0x00A0 (100 ms), window 0x0028 (25 ms)",
      scanning: "interval 100 ms, window 25 ms, 25 % duty"),
    Case(
      program: "beacon-scan", arguments: ["--scan-interval", "200", "--scan-window", "50", "--active"],
      received: "LE Set Scan Parameters: active, interval 0x0140 (200 ms), window 0x0050 (50 ms)",
      scanning: "interval 200 ms, window 50 ms, 25 % duty"),
    Case(
      program: "beacon-scan", arguments: ["--scan-interval", "1000", "--duty", "10"],
      received: "LE Set Scan Parameters: passive, interval 0x0640 (1000 ms), window 0x00A0 (100 ms)",
      scanning: "interval 1000 ms, window 100 ms, 10 % duty"),
    Case(
      program: "beacon-ride", arguments: ["--duty", "50"],
      received: "LE Set Scan Parameters: passive, interval 0x00A0 (100 ms), window 0x0050 (50 ms)",
      scanning: "interval 100 ms, window 50 ms, 50 % duty"),
  ]

  @Test(arguments: cases)
  func theControllerReceivesTheIntervalAndWindowAskedFor(_ run: Case) throws {
    let controller = try FaultController(["--count", "3"])
    defer { controller.stop() }
    let result = try background(
      run.program, ["-i", controller.device, "--format", "json", "--duration", "1"] + run.arguments
    ).finish(seconds: 15)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(controller.waitForLog("scanning disabled by the host", seconds: 5), "\(controller.log)")
    let received = controller.log.split(separator: "\n").map(String.init).filter {
      $0.contains("LE Set Scan Parameters")
    }
    #expect(received == ["fault-controller: \(run.received)"], "\(controller.log)")
    #expect(result.stderr.contains("\(run.program): \(controller.device): scanning ("), "\(result.stderr)")
    #expect(result.stderr.contains(run.scanning), "\(result.stderr)")
  }

  /// A live run's `--report` page says how it scanned; a replay's says nothing of a scan.
  @Test func theReportPageSaysTheDuty() throws {
    let folder = try RideReportCommandTests.folder()
    let controller = try FaultController(["--count", "3"])
    defer { controller.stop() }
    let live = folder.appendingPathComponent("live.html")
    let result = try background(
      "beacon-scan",
      ["-i", controller.device, "--duration", "1", "--duty", "25", "--dedupe", "--report", live.path]
    ).finish(seconds: 15)
    #expect(result.status == 0, "\(result.stderr)")
    let html = try String(contentsOf: live, encoding: .utf8)
    #expect(
      html.contains("<dt>scan</dt><dd>passive, interval 100 ms, window 25 ms, 25 % duty, duplicates filtered</dd>"),
      "\(html)")
    let replay = folder.appendingPathComponent("replay.html")
    let replayed = try Executable.run(
      "beacon-scan", ["--replay", RideReportCommandTests.ride, "--summary", "--report", replay.path])
    #expect(replayed.status == 0, "\(replayed.stderr)")
    #expect(try !String(contentsOf: replay, encoding: .utf8).contains("<dt>scan</dt>"))
  }
}

/// `detection-sweep`'s duty sweep over the ride fixtures: the 100 % row is the policy sweep's default
/// row figure for figure (every report heard), and less duty costs stops.
@Suite struct DutySweepReportTests {
  /// A table row's figures after its label.
  static func figures(_ line: Substring) -> [String] {
    Array(line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.dropFirst())
  }

  @Test func fullDutyIsTheDefaultRowAndLessDutyCostsStops() throws {
    let fixtures = try FileManager.default.contentsOfDirectory(atPath: TestPaths.fixture(""))
    let rides = fixtures.filter { $0.hasPrefix("ride-") && $0.hasSuffix(".expected-stations.json") }.sorted().map {
      TestPaths.fixture(String($0.dropLast(".expected-stations.json".count)) + ".btsnoop")
    }
    try #require(rides.count >= 5)
    let result = try Executable.run("detection-sweep", rides)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    let defaultRow = try #require(lines.first { $0.hasPrefix("| **default** (") })
    #expect(
      result.stdout.contains(
        "Scan duty, default policy (scan interval 100 ms; each ride at the worst of 10 window phases):"))
    let full = try #require(lines.first { $0.hasPrefix("| **100 % (window 100 of 100 ms)** |") })
    #expect(Self.figures(full) == Self.figures(defaultRow))
    var onTime: [Int] = []
    for duty in [
      "**100 % (window 100 of 100 ms)**", "90 % (window 90 of 100 ms)", "75 % (window 75 of 100 ms)",
      "50 % (window 50 of 100 ms)", "25 % (window 25 of 100 ms)", "10 % (window 10 of 100 ms)",
    ] {
      let row = try #require(lines.first { $0.hasPrefix("| \(duty) |") }, "\(duty)")
      onTime.append(try #require(Int(Self.figures(row)[1])))
    }
    #expect(onTime == onTime.sorted(by: >), "\(onTime)")
    #expect(try #require(onTime.last) < onTime[0] / 2, "\(onTime)")

    // The scanning units' default, in each unit and in the environment files that override it,
    // is the lowest duty of the sweep that keeps every stop on time.
    let lowest = try #require(
      lines.filter { $0.contains("% (window ") }.compactMap { row -> Int? in
        let figures = Self.figures(row)
        guard figures.count > 1, figures[0] == figures[1] else { return nil }
        return Int(row.drop { !$0.isNumber }.prefix { $0.isNumber })
      }.min())
    let distribution = TestPaths.packageRoot.appendingPathComponent("dist/systemd")
    for (file, line) in [
      ("beacon-scan.service", "Environment=\"BEACON_SCAN_TIMING=--duty \(lowest)\""),
      ("beacon-ride.service", "Environment=\"BEACON_SCAN_TIMING=--duty \(lowest)\""),
      ("default/beacon-scan", "BEACON_SCAN_TIMING=\"--duty \(lowest)\""),
      ("default/ride.env", "BEACON_SCAN_TIMING=\"--duty \(lowest)\""),
    ] {
      let text = try String(contentsOf: distribution.appendingPathComponent(file), encoding: .utf8)
      #expect(text.split(separator: "\n").contains { $0 == line }, "\(file): \(line)")
      if file.hasSuffix(".service") {
        #expect(text.contains(" --reconnect $BEACON_SCAN_TIMING "), "\(file)")
      }
    }
  }
}
