import Foundation
import POSIXSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A child process started with `posix_spawn`, its standard output and error going to files,
/// reaped with `waitpid`. Foundation's `Process` relies on SIGCHLD handling that does not
/// always see children end inside the test runner; this does not.
package final class ChildProcess {
  package let pid: pid_t
  package let stdoutURL: URL
  package let stderrURL: URL
  private(set) var exitStatus: Int32?

  /// Starts `executable`; with `environment`, the child gets exactly those variables instead of
  /// ours; with `standardOutput`, its output goes to that descriptor (a pipe) instead of a file;
  /// with `standardInput`, it reads that file (otherwise `/dev/null`); with `standardError`, its
  /// errors go to that descriptor instead of a file (``stderr`` is then empty).
  package init(
    executable: String, arguments: [String], environment: [String: String]? = nil, standardOutput: Int32? = nil,
    standardInput: String? = nil, standardError: Int32? = nil
  ) throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
    stdoutURL = base.appendingPathExtension("out")
    stderrURL = base.appendingPathExtension("err")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, standardInput ?? "/dev/null", O_RDONLY, 0)
    if let standardOutput {
      posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, stdoutURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }
    if let standardError {
      posix_spawn_file_actions_adddup2(&actions, standardError, 2)
    } else {
      posix_spawn_file_actions_addopen(&actions, 2, stderrURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let variables = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer { for pointer in variables ?? [] { free(pointer) } }
    var child: pid_t = 0
    let result = withShellLikeSpawnAttributes { attributes in
      if var variables {
        posix_spawn(&child, executable, &actions, &attributes, argv, &variables)
      } else {
        posix_spawn(&child, executable, &actions, &attributes, argv, environ)
      }
    }
    guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
    pid = child
  }

  package var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
  package var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

  package var isRunning: Bool { poll() == nil }

  /// Reaps the child if it has ended; its exit status (128 + signal when killed), or `nil`.
  @discardableResult
  package func poll() -> Int32? {
    if let exitStatus { return exitStatus }
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
    let signal = status & 0x7F
    exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    return exitStatus
  }

  /// Waits at most `seconds`; the exit status, or `nil` if it still runs.
  package func wait(seconds: Double) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if let status = poll() { return status }
      usleep(10_000)
    }
    return poll()
  }

  package func signal(_ number: Int32) {
    if exitStatus == nil { kill(pid, number) }
  }

  /// Ends the child (SIGTERM, then SIGKILL after a grace period) and removes its files.
  package func stop(grace: Double = 3) {
    signal(SIGTERM)
    if wait(seconds: grace) == nil {
      signal(SIGKILL)
      _ = wait(seconds: 5)
    }
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(at: stdoutURL)
    try? FileManager.default.removeItem(at: stderrURL)
  }
}
