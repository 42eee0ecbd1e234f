import BeaconTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Fault drills: `beacon-scan` against tools/fault-controller.py, a controller that answers the
/// start-up commands, reports iBeacons and then misbehaves. Each drill pins the behaviour the
/// README's "Faults" table documents: the exit status, the message, and that nothing printed
/// before the fault is lost.
@Suite(.serialized, .enabled(if: FaultController.python != nil, "needs python3 for tools/fault-controller.py"))
struct FaultDrillTests {
  /// Starts `beacon-scan -i` on the fault controller with `arguments` after `--format json`.
  func scan(_ controller: FaultController, _ arguments: [String] = []) throws -> ChildProcess {
    try background("beacon-scan", ["-i", controller.device, "--format", "json"] + arguments)
  }

  /// A fault that ends the run with exit 69: what the controller does after 5 good reports, what
  /// the message must say, and whether exactly those 5 reports are printed (a length lie may
  /// yield one more, read from the bytes that follow it).
  struct FatalFault: CustomTestStringConvertible, Sendable {
    var fault: String
    var messages: [String]
    var exactlyTheReportsBefore = true
    var testDescription: String { fault }
  }

  static let fatalFaults = [
    FatalFault(fault: "unknown-indicator", messages: ["byte 0x07 at stream offset"]),
    FatalFault(
      fault: "length-lie", messages: ["unexpected trailing byte(s)", "is not an H4 packet indicator"],
      exactlyTheReportsBefore: false),
    FatalFault(fault: "half-packet", messages: ["sent 5 byte(s) of a packet", "nothing for 1 s"]),
    FatalFault(fault: "reset", messages: ["went away (ECONNRESET"]),
    FatalFault(fault: "close", messages: ["went away (end of stream)"]),
    FatalFault(fault: "hardware-error", messages: ["reported hardware error 0x42"]),
  ]

  @Test(arguments: fatalFaults)
  func aFatalFaultEndsTheRunWithExit69SayingWhatHappened(_ fault: FatalFault) throws {
    let controller = try FaultController(["--fault", fault.fault, "--after", "5"])
    defer { controller.stop() }
    // A run that did not end by itself within 15 s is stopped by a signal: no 69.
    let result = try scan(controller).finish(seconds: 15)
    #expect(result.status == 69)
    for message in fault.messages {
      #expect(result.stderr.contains(message), "\(result.stderr)")
    }
    let printed = jsonLines(result.stdout).count
    #expect(fault.exactlyTheReportsBefore ? printed == 5 : printed >= 5, "the reports before the fault are printed")
  }

  @Test func commandDisallowedOnScanEnableIsRetriedAndScanningGoesOn() throws {
    let controller = try FaultController(["--fault", "disallow", "--count", "8"])
    defer { controller.stop() }
    let scanner = try scan(controller)
    #expect(scanner.waitForStdoutLines(8, seconds: 10))
    scanner.signal(SIGINT)
    let result = scanner.finish(seconds: 10)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("was disallowed"), "\(result.stderr)")
    #expect(controller.waitForLog("scanning disabled by the host", seconds: 5))
  }

  @Test func aControllerThatStopsAnsweringCostsOneTimeoutAtStop() throws {
    let controller = try FaultController(["--fault", "mute", "--after", "3"])
    defer { controller.stop() }
    let scanner = try scan(controller)
    #expect(controller.waitForLog("fault: mute", seconds: 10))
    scanner.signal(SIGINT)
    let result = scanner.finish(seconds: 10)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("did not answer LE Set Scan Enable (0x200C) within 2 s"), "\(result.stderr)")
    // One timeout: the commands after the unanswered one are not each waited for in turn.
    #expect(result.stderr.components(separatedBy: "did not answer").count == 2, "\(result.stderr)")
  }

  @Test func reconnectRidesOutAControllerThatComesBackWithOneCapture() throws {
    let controller = try FaultController([
      "--fault", "come-back", "--after", "10", "--times", "2", "--down-seconds", "1.5",
    ])
    defer { controller.stop() }
    let recording = FileManager.default.temporaryDirectory.appendingPathComponent("back-\(UUID().uuidString).btsnoop")
    defer { try? FileManager.default.removeItem(at: recording) }
    let scanner = try scan(controller, ["--reconnect", "--record", recording.path])
    // 10 reports per connection, three connections: the third keeps reporting.
    #expect(scanner.waitForStdoutLines(25, seconds: 20))
    scanner.signal(SIGINT)
    let result = scanner.finish(seconds: 10)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.components(separatedBy: "the controller is back after").count == 3, "\(result.stderr)")
    #expect(result.stderr.components(separatedBy: "reconnecting every 1 s").count == 3)
    let printed = jsonLines(result.stdout).count
    let replay = try Executable.run("beacon-scan", ["--replay", recording.path, "--format", "json"])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(jsonLines(replay.stdout).count == printed, "every printed report is in the one capture")
  }

  @Test func withoutReconnectAControllerThatGoesAwayEndsTheRun() throws {
    let controller = try FaultController(["--fault", "come-back", "--after", "10"])
    defer { controller.stop() }
    let result = try scan(controller).finish(seconds: 10)
    #expect(result.status == 69)
    #expect(result.stderr.contains("went away (end of stream)"), "\(result.stderr)")
    #expect(jsonLines(result.stdout).count == 10)
  }

  @Test func aFloodOfReportsIsPrintedInFullWithBoundedMemory() throws {
    let count = 20_000
    let controller = try FaultController(["--rate", "0", "--count", "\(count)"])
    defer { controller.stop() }
    let scanner = try scan(controller)
    #expect(scanner.waitForStdoutLines(count, seconds: 60))
    let peakKilobytes = scanner.peakResidentKilobytes
    scanner.signal(SIGINT)
    let result = scanner.finish(seconds: 10)
    #expect(result.status == 0)
    #expect(jsonLines(result.stdout).count == count, "no report lost or repeated")
    // Under AddressSanitizer (tools/sanitize) shadow memory and the free quarantine add hundreds of MB.
    let bound = ProcessInfo.processInfo.environment["BEACON_SANITIZER"] == "address" ? 1_000_000 : 100_000
    #expect((peakKilobytes ?? 0) > 0 && (peakKilobytes ?? .max) < bound, "peak RSS \(peakKilobytes ?? -1) kB")
  }

  @Test func aClosedOutputStopsTheScanAndLeavesTheControllerQuiet() throws {
    let controller = try FaultController(["--rate", "20"])
    defer { controller.stop() }
    // Close-on-exec, so that the child (and any other started meanwhile) does not hold the read
    // end open; the write end becomes the child's standard output all the same.
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    let scanner = try ChildProcess(
      executable: TestPaths.productsDirectory.appendingPathComponent("beacon-scan").path,
      arguments: ["-i", controller.device, "--format", "json"], standardOutput: ends[1])
    close(ends[1])
    // Read the first line, then go away, as `beacon-scan … | head -1` does.
    var byte: UInt8 = 0
    var line: [UInt8] = []
    while read(ends[0], &byte, 1) == 1, byte != 0x0A { line.append(byte) }
    close(ends[0])
    #expect(String(decoding: line, as: UTF8.self).hasPrefix("{\"time\":"))
    #expect(scanner.wait(seconds: 5) == 0, "\(scanner.stderr)")
    #expect(controller.waitForLog("scanning disabled by the host", seconds: 5))
  }

  @Test func sigtermStopsScanningCleanly() throws {
    let controller = try FaultController(["--rate", "20"])
    defer { controller.stop() }
    let scanner = try scan(controller)
    #expect(scanner.waitForStdoutLines(3, seconds: 10))
    scanner.signal(SIGTERM)
    #expect(scanner.wait(seconds: 5) == 0, "\(scanner.stderr)")
    #expect(controller.waitForLog("scanning disabled by the host", seconds: 5))
  }

  @Test func aRecordingKilledWithSIGKILLStillReplays() throws {
    let controller = try FaultController(["--rate", "50"])
    defer { controller.stop() }
    let recording = FileManager.default.temporaryDirectory.appendingPathComponent("killed-\(UUID().uuidString).btsnoop")
    defer { try? FileManager.default.removeItem(at: recording) }
    let scanner = try scan(controller, ["--record", recording.path])
    #expect(scanner.waitForStdoutLines(20, seconds: 10))
    scanner.signal(SIGKILL)
    _ = scanner.wait(seconds: 5)
    let printed = jsonLines(scanner.stdout).count
    let replay = try Executable.run("beacon-scan", ["--replay", recording.path, "--format", "json"])
    #expect(replay.status == 0, "\(replay.stderr)")
    // Each packet is recorded when it arrives, before it is printed: the capture has them all.
    #expect(jsonLines(replay.stdout).count >= printed && printed >= 20)
  }
}

extension ChildProcess {
  /// Waits until standard output has at least `count` lines, at most `seconds`.
  func waitForStdoutLines(_ count: Int, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if stdout.utf8.lazy.filter({ $0 == 0x0A }).count >= count { return true }
      if !isRunning { break }
      usleep(50_000)
    }
    return stdout.utf8.lazy.filter { $0 == 0x0A }.count >= count
  }

  /// The child's peak resident set size (`VmHWM` in /proc/PID/status), in kB.
  var peakResidentKilobytes: Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
  }
}
