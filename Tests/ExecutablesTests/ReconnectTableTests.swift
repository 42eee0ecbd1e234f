import BeaconTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `--reconnect` seen by a person: the live `--table` on a terminal while the controller is
/// gone, and how a run ends when `--duration` runs out before the controller comes back. Against
/// tools/fault-controller.py's `come-back` fault, which closes the link and stops listening.
@Suite(.serialized, .enabled(if: FaultController.python != nil, "needs python3 for tools/fault-controller.py"))
struct ReconnectTableTests {
  static let escape = "\u{1B}"

  /// `program arguments` run under a pseudo-terminal by util-linux's `script`, whose standard
  /// output is then every byte the program wrote to the terminal (standard error too). `script`
  /// hands the command to `$SHELL`, here `/bin/sh`; `exec` makes the program that shell's
  /// process, the one child of `script` (not every shell replaces itself for a lone command).
  func underTerminal(_ program: String, _ arguments: [String]) throws -> ChildProcess {
    let script = try #require(TestPaths.executable("script"))
    let command = ([TestPaths.productsDirectory.appendingPathComponent(program).path] + arguments)
      .map { "'\($0)'" }.joined(separator: " ")
    var environment = ProcessInfo.processInfo.environment
    environment["SHELL"] = "/bin/sh"
    return try ChildProcess(
      executable: script, arguments: ["-qefc", "exec \(command)", "/dev/null"], environment: environment)
  }

  @Test(.enabled(if: TestPaths.executable("script") != nil, "needs script (util-linux) for a pseudo-terminal"))
  func theLiveTableRedrawsInPlaceAndKeepsCountingWhileTheControllerIsGone() throws {
    // 10 reports, then gone for 4 s, then back.
    let controller = try FaultController(["--fault", "come-back", "--after", "10", "--down-seconds", "4"])
    defer { controller.stop() }
    let result = try underTerminal(
      "beacon-scan", ["-i", controller.device, "--table", "--reconnect", "--duration", "8"]
    ).finish(seconds: 30)
    #expect(result.status == 0, "\(result.stdout)")
    let bytes = result.stdout
    let escape = Self.escape
    // The alternate screen, entered once and left once; never a whole screen cleared.
    #expect(bytes.components(separatedBy: "\(escape)[?1049h").count == 2)
    #expect(bytes.components(separatedBy: "\(escape)[?1049l").count == 2)
    #expect(!bytes.contains("\(escape)[2J") && !bytes.contains("\(escape)[H\(escape)[J"))
    let (live, final) = try #require(bytes.split(separator: "\(escape)[?1049l").twoParts)
    // The start-up lines come before the table, on the normal screen.
    #expect(live.split(separator: "\(escape)[?1049h").first?.contains("scanning (passive") == true)
    // Frames from the cursor's home, each line cleared to its end, the rest of the screen after.
    let frames = live.split(separator: "\(escape)[H").dropFirst()
    #expect(frames.count >= 8)
    #expect(frames.allSatisfy { $0.contains("LAST SEEN\(escape)[K") && $0.contains("\(escape)[J") })
    #expect(frames.first?.contains("scanning \(controller.device)\(escape)[K") == true)
    #expect(frames.last?.contains("scanning \(controller.device)\(escape)[K") == true, "scanning again after")
    // While the controller is gone the status says so, and the ages grow.
    let away = frames.filter { $0.contains("controller gone, reconnecting… (") }
    #expect(away.contains { $0.contains("reconnecting… (3 s)") }, "\(away.last ?? "")")
    let ages = away.compactMap { frame in
      frame.firstMatch(of: /Lebak Bulus[^\n]* ([0-9]+\.[0-9]) s ago/).flatMap { Double($0.output.1) }
    }
    #expect(ages.count == away.count && ages == ages.sorted(), "\(ages)")
    #expect((ages.last ?? 0) - (ages.first ?? 0) >= 3, "\(ages)")
    // The final table, once, on the normal screen: in the scrollback, without escapes.
    let table = final.split(separator: "\r\n").filter { !$0.hasPrefix("beacon-scan:") }
    #expect(table.first?.hasPrefix("STATION") == true, "\(final)")
    #expect(table.contains { $0.hasPrefix("Lebak Bulus") })
    #expect(!final.contains(escape))
  }

  /// A way a live table's run ends: the controller's behaviour, the options, what ends it.
  struct WayOut: CustomTestStringConvertible, Sendable {
    var name: String
    var controller: [String]
    var options: [String]
    var signal: Int32?
    var status: Int32
    var testDescription: String { name }
  }

  static let waysOut = [
    WayOut(name: "--duration", controller: ["--rate", "20"], options: ["--duration", "2"], status: 0),
    WayOut(name: "SIGTERM", controller: ["--rate", "20"], options: [], signal: SIGTERM, status: 0),
    WayOut(name: "SIGINT", controller: ["--rate", "20"], options: [], signal: SIGINT, status: 0),
    WayOut(
      name: "the controller gone without --reconnect", controller: ["--fault", "close", "--after", "20"], options: [],
      status: 69),
  ]

  @Test(
    .enabled(if: TestPaths.executable("script") != nil, "needs script (util-linux) for a pseudo-terminal"),
    arguments: waysOut)
  func everyWayOutLeavesTheAlternateScreenAndPrintsTheFinalTable(_ way: WayOut) throws {
    let controller = try FaultController(way.controller)
    defer { controller.stop() }
    let terminal = try underTerminal("beacon-scan", ["-i", controller.device, "--table"] + way.options)
    var signalled: Date?
    if let signal = way.signal {
      // Once the table is on the screen and has been redrawn at least once.
      #expect(terminal.waitForStdout("scanning \(controller.device)\(Self.escape)[K", seconds: 15))
      Thread.sleep(forTimeInterval: 1)
      // To beacon-scan itself, the one child of `script` (which would kill it outright).
      let children = try String(contentsOfFile: "/proc/\(terminal.pid)/task/\(terminal.pid)/children", encoding: .utf8)
      let scanner = try #require(children.split(separator: " ").first.flatMap { pid_t($0) })
      let command = try String(contentsOfFile: "/proc/\(scanner)/comm", encoding: .utf8)
      #expect(command.hasPrefix("beacon-scan"), "script's child is \(command), not beacon-scan")
      #expect(kill(scanner, signal) == 0)
      signalled = Date()
    }
    let ended = terminal.wait(seconds: 20)
    let afterSignal = signalled.map { String(format: " %.1f s after the signal", Date().timeIntervalSince($0)) } ?? ""
    #expect(ended != nil, "still running\(afterSignal)")
    let result = terminal.finish(seconds: 1)
    #expect(result.status == way.status, "ended\(afterSignal): \(result.stdout)")
    let escape = Self.escape
    let parts = result.stdout.split(separator: "\(escape)[?1049l")
    #expect(parts.count == 2, "left once: \(result.stdout)")
    #expect(parts.first?.contains("\(escape)[?1049h") == true)
    let table = parts.last.map { $0.split(separator: "\r\n").filter { !$0.hasPrefix("beacon-scan:") } } ?? []
    #expect(table.first?.hasPrefix("STATION") == true, "\(result.stdout)")
    #expect(table.contains { $0.hasPrefix("Lebak Bulus") })
  }

  @Test(arguments: ["beacon-scan", "beacon-ride"])
  func durationRunningOutWhileTheControllerIsGoneSaysSoAndExits69(_ program: String) throws {
    // 5 reports, then gone for longer than the run.
    let controller = try FaultController(["--fault", "come-back", "--after", "5", "--down-seconds", "60"])
    defer { controller.stop() }
    let result = try background(program, ["-i", controller.device, "--reconnect", "--duration", "4"])
      .finish(seconds: 20)
    #expect(result.status == 69, "\(result.stderr)")
    let last = try #require(result.stderr.split(separator: "\n").last)
    #expect(last.hasPrefix("\(program): \(controller.device): "), "\(result.stderr)")
    #expect(
      last.contains(/: the controller did not come back \(gone [0-9.]+ s when --duration ran out\)$/),
      "\(result.stderr)")
    // Ended by --duration, not by the controller's return 60 s later: the run ended by itself
    // within finish's 20 s (a run stopped there has no status 69), saying so. No bound on speed:
    // under ASan beside three other test processes the 4-s run once took 10.2 s from start to end.
  }

  @Test func aStopWhileTheControllerIsGoneExits0SayingHowLongItWasGone() throws {
    let controller = try FaultController(["--fault", "come-back", "--after", "5", "--down-seconds", "60"])
    defer { controller.stop() }
    let scanner = try background("beacon-scan", ["-i", controller.device, "--reconnect"])
    #expect(scanner.waitForStderr("reconnecting every 1 s", seconds: 10))
    Thread.sleep(forTimeInterval: 1.5)
    scanner.signal(SIGINT)
    let result = scanner.finish(seconds: 10)
    #expect(result.status == 0, "\(result.stderr)")
    let last = try #require(result.stderr.split(separator: "\n").last)
    #expect(
      last.wholeMatch(of: /beacon-scan: tcp:127\.0\.0\.1:[0-9]+: stopped; the controller had been gone [0-9.]+ s/)
        != nil,
      "\(result.stderr)")
  }
}

extension Array where Element == Substring {
  /// The two parts of a split at a separator that occurs exactly once.
  fileprivate var twoParts: (Substring, Substring)? { count == 2 ? (self[0], self[1]) : nil }
}
