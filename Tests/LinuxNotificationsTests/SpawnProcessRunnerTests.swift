import Foundation
import LinuxNotifications
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct SpawnProcessRunnerTests {
  private func locate(_ name: String) throws -> String {
    try #require(ExecutableSearch(host: .live).locate(name), "\(name) should be on PATH")
  }

  @Test func hangingChildIsKilledAtTheDeadline() throws {
    let sleep = try locate("sleep")
    let started = ContinuousClock.now
    let outcome = try SpawnProcessRunner().run(sleep, arguments: ["30"], timeout: .milliseconds(300))
    let elapsed = ContinuousClock.now - started

    #expect(outcome.termination == .timedOut)
    // Killed at the deadline, not after the child's 30 s; the bound leaves room for a busy machine.
    #expect(elapsed >= .milliseconds(300))
    #expect(elapsed < .seconds(10), "took \(elapsed)")
    // Killed and reaped: no such process any more.
    #expect(kill(outcome.processID, 0) == -1 && errno == ESRCH)
  }

  @Test func exitStatusAndStandardErrorAreReported() throws {
    let shell = try locate("sh")
    let outcome = try SpawnProcessRunner().run(shell, arguments: ["-c", "echo oops >&2; exit 3"], timeout: .seconds(5))
    #expect(outcome.termination == .exited(status: 3))
    #expect(outcome.standardError == "oops\n")
    #expect(!outcome.succeeded)
  }

  @Test func cleanExitSucceeds() throws {
    let outcome = try SpawnProcessRunner().run(try locate("true"), arguments: [], timeout: .seconds(5))
    #expect(outcome.succeeded)
  }

  @Test func missingProgramIsALaunchError() {
    #expect(throws: ProcessLaunchError(executable: "/nonexistent/notify-send", code: ENOENT)) {
      try SpawnProcessRunner().run("/nonexistent/notify-send", arguments: [], timeout: .seconds(1))
    }
    #expect(
      ProcessLaunchError(executable: "/x", code: ENOENT).description
        == "could not start /x: No such file or directory; check that it exists and is executable")
  }
}
