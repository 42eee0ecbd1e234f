import BeaconTestSupport
import Foundation

/// tools/fault-controller.py: a controller over H4/TCP on loopback that answers the start-up
/// commands, reports iBeacons, and then misbehaves as told (see the script's help). Plain
/// Python, no Bumble: it runs wherever python3 does.
final class FaultController {
  struct Ready: Decodable { var port: UInt16 }

  private let child: ChildProcess
  let port: UInt16
  /// How our executables name it with `-i`.
  var device: String { "tcp:127.0.0.1:\(port)" }
  /// What it logged: connections, faults, commands left unanswered, "scanning disabled by the host".
  var log: String { child.stderr }

  static let python: String? = {
    [
      ProcessInfo.processInfo.environment["BEACON_PYTHON"],
      TestPaths.packageRoot.appendingPathComponent("tools/.venv/bin/python").path, "/usr/bin/python3",
    ].compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// Starts it with `arguments` (e.g. `["--fault", "reset", "--after", "5"]`).
  init(_ arguments: [String]) throws {
    guard let python = Self.python else { throw EmulatorError.unavailable }
    child = try ChildProcess(
      executable: python,
      arguments: [TestPaths.packageRoot.appendingPathComponent("tools/fault-controller.py").path] + arguments)
    port = try JSONDecoder().decode(Ready.self, from: child.readyDocument(seconds: 10)).port
  }

  /// Waits until its log contains `text`, at most `seconds`.
  func waitForLog(_ text: String, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if log.contains(text) { return true }
      usleep(20_000)
    }
    return log.contains(text)
  }

  func stop() { child.stop() }
}
