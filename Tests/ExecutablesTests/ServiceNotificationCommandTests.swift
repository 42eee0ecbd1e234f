import BeaconTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The executables as a `Type=notify` service with `WatchdogSec=` runs them, against emulated
/// controllers: `NOTIFY_SOCKET` names a socket bound here and `WATCHDOG_USEC` asks for pings;
/// the datagrams are read back, only the child's (by the sender's credentials).
@Suite(
  .serialized,
  .enabled(
    if: Emulator.available,
    "tools/.venv with Bumble not found (tools/test creates it): emulated-controller tests skipped"))
struct ServiceNotificationCommandTests {
  /// `name` in the background, as systemd would start it with a 400 ms watchdog (pings every 200 ms).
  private func service(_ name: String, _ arguments: [String], socket: NotificationSocket) throws -> ChildProcess {
    var environment = ProcessInfo.processInfo.environment
    environment["NOTIFY_SOCKET"] = socket.path
    environment["WATCHDOG_USEC"] = "400000"
    environment["WATCHDOG_PID"] = nil  // systemd names the pid it forked; unset applies to the child
    return try ChildProcess(
      executable: TestPaths.productsDirectory.appendingPathComponent(name).path, arguments: arguments,
      environment: environment)
  }

  /// A program run as a service: its arguments and the status it reports, `DEVICE` standing
  /// for the emulated controller, and the line it prints when it has stopped.
  struct Case: CustomStringConvertible, Sendable {
    var program: String
    var arguments: [String]
    var status: String
    var stoppedLine: String
    var description: String { program }
  }

  static let cases = [
    Case(
      program: "beacon-scan", arguments: ["-i", "DEVICE", "--format", "json"],
      status: "scanning DEVICE (passive, 100 % duty)",
      stoppedLine: "scanning ("),
    Case(
      program: "beacon-broadcast", arguments: ["-i", "DEVICE", "--station", "CipeteRaya"],
      status: "advertising Cipete Raya on DEVICE", stoppedLine: "advertising stopped"),
  ]

  /// `READY=1` with the status once scanning or advertising has started, then at least two
  /// `WATCHDOG=1`; after SIGTERM, `STOPPING=1` (and perhaps a last ping), exit 0, and the line
  /// that says the controller was left as found.
  @Test(arguments: cases)
  func isReadyOnceStartedPingsTheWatchdogAndStopsOnSIGTERM(_ run: Case) throws {
    let emulator = try Emulator(controllers: 1)
    defer { emulator.stop() }
    let socket = try NotificationSocket()
    let device = emulator.controllers[0].device
    let child = try service(
      run.program, run.arguments.map { $0 == "DEVICE" ? device : $0 }, socket: socket)
    defer { child.stop() }
    let status = run.status.replacingOccurrences(of: "DEVICE", with: device)
    #expect(socket.nextMessage(from: child.pid, seconds: 15) == "READY=1\nSTATUS=\(status)", "\(child.stderr)")
    #expect(socket.nextMessage(from: child.pid) == "WATCHDOG=1")
    #expect(socket.nextMessage(from: child.pid) == "WATCHDOG=1")
    child.signal(SIGTERM)
    var after: [String] = []
    // Up to 10 s for STOPPING=1 (a sanitized build on a busy machine is slow to get there), then
    // 1 s of quiet to see that nothing but watchdog pings comes after it.
    while after.count < 100,
      let message = socket.nextMessage(from: child.pid, seconds: after.contains("STOPPING=1") ? 1 : 10)
    {
      after.append(message)
    }
    #expect(after.filter { $0 != "WATCHDOG=1" } == ["STOPPING=1"], "\(after)")
    #expect(child.wait(seconds: 5) == 0, "\(child.stderr)")
    #expect(child.stderr.contains(run.stoppedLine), "\(child.stderr)")
  }
}
