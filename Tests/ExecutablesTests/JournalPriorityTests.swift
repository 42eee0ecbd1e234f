import BeaconTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Standard error as systemd's journal sees it: when the executable's standard error is the
/// stream `JOURNAL_STREAM` names (as systemd sets it for a service logging to the journal), each
/// line starts with its syslog priority (`<3>` error … `<6>` info); anywhere else, none does.
@Suite struct JournalPriorityTests {
  /// Runs `beacon-scan` with its standard error in a file of ours; with `journal`, the child's
  /// `JOURNAL_STREAM` names that file (`true`) or another one (`false`, an inherited value).
  private func scan(_ arguments: [String], journal: Bool?) throws -> (status: Int32, lines: [String]) {
    let directory = FileManager.default.temporaryDirectory
    let path = directory.appendingPathComponent("stderr-\(UUID().uuidString)").path
    let other = directory.appendingPathComponent("other-\(UUID().uuidString)").path
    defer {
      unlink(path)
      unlink(other)
    }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    let otherDescriptor = open(other, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    defer {
      close(descriptor)
      close(otherDescriptor)
    }
    try #require(descriptor >= 0 && otherDescriptor >= 0)
    var environment: [String: String] = [:]
    if let journal {
      var status = stat()
      try #require(fstat(journal ? descriptor : otherDescriptor, &status) == 0)
      environment["JOURNAL_STREAM"] = "\(status.st_dev):\(status.st_ino)"
    }
    let child = try ChildProcess(
      executable: TestPaths.productsDirectory.appendingPathComponent("beacon-scan").path, arguments: arguments,
      environment: environment, standardError: descriptor)
    let status = try #require(child.wait(seconds: 60))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return (status, text.split(separator: "\n").map(String.init))
  }

  private static let warningCapture = ["--replay", TestPaths.fixture("tricky-reports.btsnoop"), "--format", "json"]

  @Test func inTheJournalWarningsAreWarningsAndTheCountsInfo() throws {
    let run = try scan(Self.warningCapture, journal: true)
    #expect(run.status == 0)
    #expect(!run.lines.isEmpty)
    #expect(run.lines.allSatisfy { $0.hasPrefix("<4>") || $0.hasPrefix("<6>") }, "\(run.lines)")
    #expect(run.lines.filter { $0.hasPrefix("<4>beacon-scan: warning: ") }.count == 3, "\(run.lines)")
    #expect(run.lines.last?.hasPrefix("<6>beacon-scan: ") == true)
    #expect(run.lines.last?.contains("advertising report(s)") == true)
  }

  @Test func inTheJournalAFailureThatEndsTheRunIsAnError() throws {
    let run = try scan(["--replay", "/nonexistent/ride.btsnoop"], journal: true)
    #expect(run.status == 66)
    #expect(run.lines.count == 1)
    #expect(run.lines.first?.hasPrefix("<3>beacon-scan: ") == true, "\(run.lines)")
    #expect(run.lines.first?.contains("/nonexistent/ride.btsnoop") == true)
  }

  /// Without the variable, or with one naming another stream (inherited from a parent that
  /// logs to the journal, its standard error redirected here), the lines are as they always were.
  @Test(arguments: [nil, false] as [Bool?])
  func elsewhereNoLineHasAPrefix(journal: Bool?) throws {
    let run = try scan(Self.warningCapture, journal: journal)
    let journalRun = try scan(Self.warningCapture, journal: true)
    #expect(run.status == 0)
    #expect(run.lines.allSatisfy { $0.hasPrefix("beacon-scan: ") }, "\(run.lines)")
    #expect(run.lines == journalRun.lines.map { String($0.dropFirst(3)) })
  }
}
