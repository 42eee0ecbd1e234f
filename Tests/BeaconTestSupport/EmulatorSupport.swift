import Foundation

/// Google's Bumble controllers, started by tools/emulator.py from the project's venv, for tests
/// that run our executables against emulated controllers over H4/TCP on loopback.
package final class Emulator {
  package struct Controller: Decodable {
    package var address: String
    /// The TCP port, for a `tcp-server:` controller.
    package var port: UInt16?
    /// The pty link, for a `pty:` controller.
    package var path: String?
    /// How our executables name it with `-i`.
    package var device: String { path.map { "serial:\($0)" } ?? "tcp:127.0.0.1:\(port ?? 0)" }
  }
  package struct Ready: Decodable { var controllers: [Controller] }

  private let child: ChildProcess
  package let controllers: [Controller]

  /// The venv's Python, when it exists and has Bumble (tools/test creates it).
  package static let python: String? = {
    let candidates = [
      ProcessInfo.processInfo.environment["BEACON_PYTHON"],
      TestPaths.packageRoot.appendingPathComponent("tools/.venv/bin/python").path,
    ].compactMap { $0 }
    return candidates.first { path in
      guard FileManager.default.isExecutableFile(atPath: path),
        let check = try? ChildProcess(executable: path, arguments: ["-c", "import bumble"])
      else { return false }
      return check.wait(seconds: 30) == 0
    }
  }()

  package static var available: Bool { python != nil }

  /// Starts `count` controllers on free loopback ports, plus `extra` emulator options.
  package init(controllers count: Int = 2, extra: [String] = []) throws {
    guard let python = Self.python else { throw EmulatorError.unavailable }
    child = try ChildProcess(
      executable: python,
      arguments: [TestPaths.packageRoot.appendingPathComponent("tools/emulator.py").path]
        + Array(repeating: ["--controller", "tcp-server:127.0.0.1:0"], count: count).flatMap { $0 }
        + ["--duration", "120"] + extra)
    controllers = try JSONDecoder().decode(Ready.self, from: child.readyDocument(seconds: 20)).controllers
  }

  package func stop() { child.stop() }

  /// Gone at once, as an unplugged controller is.
  package func kill() {
    child.signal(SIGKILL)
    _ = child.wait(seconds: 5)
  }
}

package enum EmulatorError: Error {
  case unavailable
  case notReady(String)
}

/// One of our executables running in the background, its output going to files.
package func background(_ name: String, _ arguments: [String]) throws -> ChildProcess {
  try ChildProcess(executable: TestPaths.productsDirectory.appendingPathComponent(name).path, arguments: arguments)
}

extension ChildProcess {
  /// The JSON after `READY ` on the first such line of standard output (how tools/emulator.py
  /// and tools/fault-controller.py say they listen), waiting at most `seconds`; if it never
  /// comes, the child is stopped and its output thrown as ``EmulatorError/notReady(_:)``.
  package func readyDocument(seconds: Double) throws -> Data {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix("READY ") }) {
        return Data(line.dropFirst(6).utf8)
      }
      guard isRunning else { break }
      usleep(20_000)
    }
    let output = stdout + stderr
    stop()
    throw EmulatorError.notReady(output)
  }

  /// Waits until standard error contains `text`, at most `seconds`.
  package func waitForStderr(_ text: String, seconds: Double) -> Bool {
    waitUntil(seconds: seconds) { $0.stderr.contains(text) }
  }

  /// Waits until standard output contains `text`, at most `seconds`.
  package func waitForStdout(_ text: String, seconds: Double) -> Bool {
    waitUntil(seconds: seconds) { $0.stdout.contains(text) }
  }

  /// Waits until `condition` holds, at most `seconds` or until the child ends.
  private func waitUntil(seconds: Double, _ condition: (ChildProcess) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition(self) { return true }
      if !isRunning { return condition(self) }
      usleep(20_000)
    }
    return false
  }

  /// Runs to the end (at most `seconds`, then killed) and returns what it printed.
  package func finish(seconds: Double = 60) -> ProcessResult {
    if wait(seconds: seconds) == nil { stop() }
    return ProcessResult(status: exitStatus ?? -1, stdout: stdout, stderr: stderr)
  }
}

/// JSON lines of standard output as dictionaries.
package func jsonLines(_ text: String) -> [[String: Any]] {
  text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
}
