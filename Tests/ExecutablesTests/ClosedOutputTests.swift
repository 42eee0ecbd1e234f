import BeaconTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Standard output or error closed by its reader (`… | head -1`): printing stops quietly, the run still does what else it promised (the `--report` page, the
/// ride to its arrival) and exits 0; a run that promised nothing else stops early, exit 0.
@Suite struct ClosedOutputTests {
  static let ride = TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")

  /// A pipe whose read end is already closed: every write to the other end fails with `EPIPE`
  /// (or kills with SIGPIPE), as once `head -1` has read its line and gone.
  static func pipeWithoutReader() throws -> Int32 {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    // Not inherited by the child (ChildProcess duplicates the write end onto 1 or 2).
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    close(ends[0])
    return ends[1]
  }

  /// Runs `program` with standard output (or error, with `closingStandardError`) into a pipe
  /// nobody reads; its status and what it wrote on the other stream. With `environment`, in
  /// exactly those variables.
  static func runWithoutReader(
    _ program: String, _ arguments: [String], closingStandardError: Bool = false,
    environment: [String: String]? = nil
  ) throws -> (status: Int32, text: String) {
    let writeEnd = try pipeWithoutReader()
    defer { close(writeEnd) }
    let child = try ChildProcess(
      executable: TestPaths.productsDirectory.appendingPathComponent(program).path, arguments: arguments,
      environment: environment, standardOutput: closingStandardError ? nil : writeEnd,
      standardError: closingStandardError ? writeEnd : nil)
    let status = try #require(child.wait(seconds: 120), "\(program) did not end")
    return (status, closingStandardError ? child.stdout : child.stderr)
  }

  /// A fresh path for a page.
  static func pagePath() throws -> String {
    let folder = try RideReportCommandTests.folder()
    return folder.appendingPathComponent("page.html").path
  }

  /// The page is whole: the document's end, and a strip per station of the ride.
  static func expectCompletePage(_ path: String) throws {
    let html = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("</html>"))
    #expect(RideReportCommandTests.stripStations(html).prefix(13) == ArraySlice(StationEventCommandTests.line))
  }

  @Test(arguments: ["beacon-ride", "beacon-scan"])
  func aReaderGoneKeepsThePageAndExitsZero(program: String) throws {
    let page = try Self.pagePath()
    let arguments =
      program == "beacon-ride"
      ? ["--replay", Self.ride, "--to", "BundaranHI", "--report", page] : ["--replay", Self.ride, "--report", page]
    let result = try Self.runWithoutReader(program, arguments)
    #expect(result.status == 0, "\(result.text)")
    #expect(result.text.contains("\(program): wrote the report to \(page)"))
    try Self.expectCompletePage(page)
    // The run went on to the capture's end (and the ride to its arrival): the page has it all.
    let html = try String(contentsOf: URL(fileURLWithPath: page), encoding: .utf8)
    if program == "beacon-ride" {
      #expect(RideReportCommandTests.count("<tr class=\"event arrived\">", in: html) == 1)
      #expect(!result.text.contains("before arriving"))
    } else {
      #expect(result.text.contains("1540 advertising report(s)"), "the whole capture was read")
    }
  }

  @Test func aScanWithNothingButStandardOutputStopsEarlyAndExitsZero() throws {
    // In JSON the ride's lines (about 95 KiB) outgrow the output's 64 KiB buffer: written, and
    // refused, before the capture's end.
    let result = try Self.runWithoutReader("beacon-scan", ["--replay", Self.ride, "--format", "json"])
    #expect(result.status == 0, "\(result.text)")
    #expect(!result.text.contains("1540 advertising report(s)"), "it stopped once nobody read")
  }

  /// No desktop session, no sound player on the PATH, standard error a file: no alarm can reach
  /// the rider, so the lines were all the ride had; it stops, exit 0, and says no "before
  /// arriving". (With a page it goes on to the arrival: above.)
  @Test func aRideWithNothingButStandardOutputStopsEarlyAndExitsZero() throws {
    let result = try Self.runWithoutReader(
      "beacon-ride", ["--replay", Self.ride, "--to", "BundaranHI"], environment: ["PATH": "/nonexistent"])
    #expect(result.status == 0, "\(result.text)")
    #expect(!result.text.contains("before arriving"))
    #expect(!result.text.contains("1487 advertising report(s)"), "it stopped once nobody read")
  }

  @Test(arguments: [
    ["beacon-ride", "--plan", "--from", "LebakBulus", "--to", "SoekarnoHatta"],
    ["beacon-broadcast", "--list-stations"],
    ["beacon-broadcast", "--station", "CipeteRaya"], ["beacon-scan", "--help"],
  ])
  func everyCommandSurvivesAReaderGone(command: [String]) throws {
    let result = try Self.runWithoutReader(command[0], Array(command.dropFirst()))
    #expect(result.status == 0, "\(result.text)")
  }

  @Test func aClosedStandardErrorKillsNothing() throws {
    let page = try Self.pagePath()
    let result = try Self.runWithoutReader(
      "beacon-ride", ["--replay", Self.ride, "--to", "BundaranHI", "--report", page], closingStandardError: true)
    #expect(result.status == 0)
    #expect(result.text.contains("ARRIVED"))
    try Self.expectCompletePage(page)
  }

  /// `| head -1` itself: the first line reaches the reader, the page is written, exit 0.
  @Test func headOneKeepsTheRidePage() throws {
    let page = try Self.pagePath()
    let binary = TestPaths.productsDirectory.appendingPathComponent("beacon-ride").path
    let child = try ChildProcess(
      executable: "/bin/sh",
      arguments: [
        "-c", "{ \"$0\" --replay \"$1\" --to BundaranHI --report \"$2\"; echo \"status $?\" >&2; } | head -1",
        binary, Self.ride, page,
      ])
    #expect(try #require(child.wait(seconds: 120)) == 0)
    #expect(child.stdout.split(separator: "\n").count == 1)
    #expect(child.stdout.contains("FOUND"))
    #expect(child.stderr.contains("status 0"), "\(child.stderr)")
    try Self.expectCompletePage(page)
  }
}
