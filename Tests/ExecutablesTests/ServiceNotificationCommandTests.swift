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

  /// After `READY=1` (with `status`), at least one `WATCHDOG=1` and nothing else until SIGTERM;
  /// then `STOPPING=1`, exit 0, and `stoppedLine` on standard error.
  private func expectServiceLifecycle(
    _ child: ChildProcess, socket: NotificationSocket, status: String, stoppedLine: String
  ) {
    #expect(socket.nextMessage(from: child.pid, seconds: 15) == "READY=1\nSTATUS=\(status)", "\(child.stderr)")
    #expect(socket.nextMessage(from: child.pid) == "WATCHDOG=1")
    #expect(socket.nextMessage(from: child.pid) == "WATCHDOG=1")
    child.signal(SIGTERM)
    var after: [String] = []
    while let message = socket.nextMessage(from: child.pid, seconds: 1) { after.append(message) }
    #expect(after.filter { $0 != "WATCHDOG=1" } == ["STOPPING=1"], "\(after)")
    #expect(child.wait(seconds: 5) == 0, "\(child.stderr)")
    #expect(child.stderr.contains(stoppedLine), "\(child.stderr)")
  }

  @Test func beaconScanIsReadyOnceScanningPingsTheWatchdogAndStopsOnSIGTERM() throws {
    let emulator = try Emulator(controllers: 1)
    defer { emulator.stop() }
    let socket = try NotificationSocket()
    let device = emulator.controllers[0].device
    let scanner = try service("beacon-scan", ["-i", device, "--format", "json"], socket: socket)
    defer { scanner.stop() }
    expectServiceLifecycle(scanner, socket: socket, status: "scanning \(device) (passive)", stoppedLine: "scanning (")
  }

  @Test func beaconBroadcastIsReadyOnceAdvertisingPingsTheWatchdogAndStopsOnSIGTERM() throws {
    let emulator = try Emulator(controllers: 1)
    defer { emulator.stop() }
    let socket = try NotificationSocket()
    let device = emulator.controllers[0].device
    let broadcaster = try service("beacon-broadcast", ["-i", device, "--station", "CipeteRaya"], socket: socket)
    defer { broadcaster.stop() }
    expectServiceLifecycle(
      broadcaster, socket: socket, status: "advertising Cipete Raya on \(device)", stoppedLine: "advertising stopped")
  }
}
