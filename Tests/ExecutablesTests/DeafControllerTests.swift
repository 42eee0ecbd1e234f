import BeaconTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A controller that goes deaf: tools/fault-controller.py `--fault deaf` keeps answering every
/// command but sends no more reports after `--after`, until what `--cured-by` names. The built
/// `beacon-scan` and `beacon-ride` recover it in stages, one line and one count each, with
/// `--deaf-after 1` (the silence before each stage; one second keeps the drills short, it is not
/// a measure of speed).
@Suite(.serialized, .enabled(if: FaultController.python != nil, "needs python3 for tools/fault-controller.py"))
struct DeafControllerTests {
  /// `beacon-scan --summary --format json` on `controller` with `--deaf-after 1` and `arguments`.
  func scan(_ controller: FaultController, _ arguments: [String]) throws -> ProcessResult {
    try background(
      "beacon-scan", ["-i", controller.device, "--summary", "--format", "json", "--deaf-after", "1"] + arguments
    ).finish(seconds: 60)
  }

  /// The summary's `deafScanRecoveries`, `nil` when it has none.
  func recoveries(_ result: ProcessResult) throws -> [String: Int]? {
    let summary = try #require(jsonLines(result.stdout).last, "no summary: \(result.stdout)")
    return summary["deafScanRecoveries"] as? [String: Int]
  }

  func reports(_ result: ProcessResult) throws -> Int {
    try #require(jsonLines(result.stdout).last?["advertisingReports"] as? Int)
  }

  func count(_ text: String, in result: ProcessResult) -> Int {
    result.stderr.components(separatedBy: text).count - 1
  }

  @Test func aControllerCuredByReEnablingTheScanNeedsStageOneOnly() throws {
    let controller = try FaultController(["--fault", "deaf", "--after", "10", "--cured-by", "scan-enable"])
    defer { controller.stop() }
    let result = try scan(controller, ["--duration", "5"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(count("recovery stage 1 of 4: disabling and enabling scanning again", in: result) == 1, "\(result.stderr)")
    #expect(count("recovery stage 2", in: result) == 0, "\(result.stderr)")
    #expect(count("advertising reports again after deaf-scan recovery stage 1", in: result) == 1, "\(result.stderr)")
    #expect(controller.log.contains("deafness cured by LE Set Scan Enable"), "\(controller.log)")
    #expect(try reports(result) > 10, "reports resume after the cure")
    #expect(try recoveries(result) == ["rescans": 1, "resets": 0, "powerCycles": 0, "exits": 0])
  }

  @Test func aControllerCuredByAResetNeedsStagesOneAndTwo() throws {
    let controller = try FaultController(["--fault", "deaf", "--after", "10", "--cured-by", "reset"])
    defer { controller.stop() }
    let result = try scan(controller, ["--duration", "6"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(count("recovery stage 1 of 4", in: result) == 1, "\(result.stderr)")
    #expect(count("recovery stage 2 of 4: resetting the controller and scanning again", in: result) == 1)
    #expect(count("recovery stage 3", in: result) == 0, "\(result.stderr)")
    #expect(count("advertising reports again after deaf-scan recovery stage 2", in: result) == 1, "\(result.stderr)")
    #expect(controller.log.contains("deafness cured by HCI Reset"), "\(controller.log)")
    #expect(try reports(result) > 10, "reports resume after the cure")
    #expect(try recoveries(result) == ["rescans": 1, "resets": 1, "powerCycles": 0, "exits": 0])
  }

  @Test func aControllerNeverCuredEndsTheRunWithExit75AfterEveryStage() throws {
    let controller = try FaultController(["--fault", "deaf", "--after", "10", "--cured-by", "nothing"])
    defer { controller.stop() }
    let result = try scan(controller, [])
    #expect(result.status == 75, "\(result.stderr)")
    #expect(count("recovery stage 1 of 4", in: result) == 1, "\(result.stderr)")
    #expect(count("recovery stage 2 of 4", in: result) == 1, "\(result.stderr)")
    // A TCP controller has no power to cycle: the stage says so and the next follows at once.
    #expect(
      count("recovery stage 3 of 4: no power cycle for \(controller.device) (kernel devices only)", in: result) == 1)
    #expect(count("recovery stage 4 of 4: exiting with status 75", in: result) == 1, "\(result.stderr)")
    #expect(count("advertising reports again", in: result) == 0, "\(result.stderr)")
    #expect(try reports(result) == 10)
    #expect(try recoveries(result) == ["rescans": 1, "resets": 1, "powerCycles": 0, "exits": 1])
    // Left as it was found: scanning disabled before the exit.
    #expect(
      controller.waitForLog("scanning disabled by the host\nfault-controller: connection ended: host-left", seconds: 5),
      "\(controller.log)")
  }

  @Test func inTheJournalTheStagesAreWarningsAndTheExitAnError() throws {
    let controller = try FaultController(["--fault", "deaf", "--after", "5", "--cured-by", "nothing"])
    defer { controller.stop() }
    let directory = FileManager.default.temporaryDirectory
    let path = directory.appendingPathComponent("deaf-stderr-\(UUID().uuidString)").path
    defer { unlink(path) }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var status = stat()
    try #require(fstat(descriptor, &status) == 0)
    let child = try ChildProcess(
      executable: TestPaths.productsDirectory.appendingPathComponent("beacon-scan").path,
      arguments: ["-i", controller.device, "--summary", "--deaf-after", "1"],
      environment: ["JOURNAL_STREAM": "\(status.st_dev):\(status.st_ino)"], standardError: descriptor)
    #expect(try #require(child.wait(seconds: 60)) == 75)
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    let stages = lines.filter { $0.contains("recovery stage") }
    #expect(stages.count == 4, "\(lines)")
    #expect(stages.dropLast().allSatisfy { $0.hasPrefix("<4>beacon-scan: ") }, "\(stages)")
    #expect(stages.last?.hasPrefix("<3>beacon-scan: ") == true, "\(stages)")
  }

  /// A quiet place: a controller that answers and scans but has never heard a report is not
  /// deaf, however long it is silent; nor is any controller with `--deaf-after 0`.
  @Test(arguments: [["--fault", "deaf", "--after", "0"], ["--fault", "deaf", "--after", "5"]])
  func aControllerNeverHeardOrWithTheWatchOffIsNotRecovered(_ fault: [String]) throws {
    let controller = try FaultController(fault + ["--cured-by", "nothing"])
    defer { controller.stop() }
    let neverHeard = fault.last == "0"
    let result = try background(
      "beacon-scan",
      [
        "-i", controller.device, "--summary", "--format", "json", "--deaf-after", neverHeard ? "1" : "0", "--duration",
        "4",
      ]
    ).finish(seconds: 30)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(count("recovery stage", in: result) == 0, "\(result.stderr)")
    #expect(try reports(result) == (neverHeard ? 0 : 5))
    #expect(try recoveries(result) == nil, "no stage, no counts in the summary")
  }

  @Test func beaconRideRecoversThroughTheSameStages() throws {
    let controller = try FaultController(["--fault", "deaf", "--after", "10", "--cured-by", "nothing"])
    defer { controller.stop() }
    let result = try background("beacon-ride", ["-i", controller.device, "--deaf-after", "1"]).finish(seconds: 60)
    #expect(result.status == 75, "\(result.stderr)")
    #expect(count("beacon-ride: \(controller.device): no advertising report for", in: result) == 4, "\(result.stderr)")
    #expect(count("recovery stage 4 of 4: exiting with status 75", in: result) == 1, "\(result.stderr)")
  }

  /// Stage 4's exit status is one systemd restarts on: the scanning units say
  /// `Restart=on-failure` (every status but 0 and those `RestartPreventExitStatus=` names) and
  /// do not prevent 75.
  @Test(arguments: ["beacon-scan.service", "beacon-ride.service"])
  func theScanningUnitsRestartAfterExit75(unit: String) throws {
    let text = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("dist/systemd/\(unit)"), encoding: .utf8)
    let settings = text.split(separator: "\n").filter { !$0.hasPrefix("#") && $0.contains("=") }.map {
      (key: String($0.prefix { $0 != "=" }), value: String($0.drop { $0 != "=" }.dropFirst()))
    }
    #expect(settings.filter { $0.key == "Restart" }.map(\.value) == ["on-failure"])
    let prevented = settings.filter { $0.key == "RestartPreventExitStatus" }.flatMap { $0.value.split(separator: " ") }
    #expect(!prevented.contains("75"), "\(unit): RestartPreventExitStatus=\(prevented)")
  }

  @Test func deafAfterIsForLiveControllersAndInItsRange() throws {
    let replay = try Executable.run(
      "beacon-scan", ["--replay", TestPaths.fixture("tricky-reports.btsnoop"), "--deaf-after", "5"])
    #expect(replay.status == 64)
    #expect(replay.stderr.contains("--deaf-after is for live controllers"), "\(replay.stderr)")
    let negative = try Executable.run("beacon-scan", ["-i", "tcp:127.0.0.1:9", "--deaf-after", "-1"])
    #expect(negative.status == 64)
    #expect(negative.stderr.contains("must be from 0 to 3600 seconds"), "\(negative.stderr)")
  }
}
