import BeaconTestSupport
import Foundation
import Testing

/// `beacon-scan --replay` prints, byte for byte, what it printed before the module redesign
/// (issue 11): standard output, standard error and the exit status, for every capture in
/// Fixtures and in ../shared/captures, in eight output modes. `tools/replay-goldens` wrote the
/// files in Fixtures/replay-goldens from the code before the change; this runs today's binary.
@Suite struct ReplayGoldenTests {
  /// One run of a golden file: the command line as it was run, and what it printed.
  struct Run: CustomStringConvertible {
    var arguments: [String]
    var status: Int32
    var stdout: Data
    var stderr: Data
    var description: String { "beacon-scan " + arguments.joined(separator: " ") }
  }

  static let directory = TestPaths.fixtures.appendingPathComponent("replay-goldens")

  /// The golden files, by name.
  static func goldens() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".txt") }.sorted()
  }

  /// The golden files of captures in Fixtures (`fromShared` false) or in ../shared/captures.
  static func goldens(fromShared: Bool) throws -> [String] {
    try goldens().filter { golden in
      try runs(in: golden).contains { $0.arguments.contains { $0.hasPrefix("../shared/") } } == fromShared
    }
  }

  /// Reads a golden file: sections `==> beacon-scan ARGS: exit N`, `==> stdout, N bytes`
  /// followed by exactly those bytes, and the same for stderr.
  static func runs(in file: String) throws -> [Run] {
    let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(file)))
    var runs: [Run] = []
    var offset = 0
    func line() throws -> String {
      guard let end = bytes[offset...].firstIndex(of: 0x0A) else { throw CocoaError(.fileReadCorruptFile) }
      defer { offset = end + 1 }
      return String(decoding: bytes[offset..<end], as: UTF8.self)
    }
    func block(_ name: String) throws -> Data {
      let header = try line()
      guard header.hasPrefix("==> \(name), "), let count = Int(header.split(separator: " ")[2]),
        offset + count <= bytes.count
      else { throw CocoaError(.fileReadCorruptFile) }
      defer { offset += count }
      return Data(bytes[offset..<offset + count])
    }
    while offset < bytes.count {
      let command = try line()
      guard command.hasPrefix("==> beacon-scan "), let colon = command.range(of: ": exit ", options: .backwards),
        let status = Int32(command[colon.upperBound...])
      else { throw CocoaError(.fileReadCorruptFile) }
      let arguments = command[command.index(command.startIndex, offsetBy: 16)..<colon.lowerBound]
        .split(separator: " ").map(String.init)
      runs.append(Run(arguments: arguments, status: status, stdout: try block("stdout"), stderr: try block("stderr")))
    }
    return runs
  }

  @Test func everyFixtureHasGoldens() throws {
    let fixtures = try FileManager.default.contentsOfDirectory(atPath: TestPaths.fixtures.path)
      .filter { $0.hasSuffix(".btsnoop") }
    let goldens = Set(try Self.goldens())
    for fixture in fixtures { #expect(goldens.contains(fixture + ".txt"), "\(fixture) has no golden") }
    #expect(try Self.runs(in: "raw-hci-1001.btsnoop.txt").count == 8)
  }

  @Test(arguments: try goldens(fromShared: false))
  func replayPrintsWhatItPrintedBefore(golden: String) throws {
    try Self.check(golden)
  }

  @Test(
    .enabled(
      if: TestPaths.sharedCapturesAvailable,
      "../shared/captures is not present beside the project: the goldens of its captures are skipped"),
    arguments: try goldens(fromShared: true))
  func replayOfSharedCapturesPrintsWhatItPrintedBefore(golden: String) throws {
    try Self.check(golden)
  }

  /// Runs each command line of `golden` with today's binary and compares what it printed.
  static func check(_ golden: String) throws {
    let runs = try runs(in: golden)
    for run in runs {
      // Run from the package root, as the goldens were, since their paths are relative to it
      // (GNU env's --chdir).
      let child = try ChildProcess(
        executable: "/usr/bin/env",
        arguments: [
          "--chdir", TestPaths.packageRoot.path, TestPaths.productsDirectory.appendingPathComponent("beacon-scan").path,
        ]
          + run.arguments)
      let status = try #require(child.wait(seconds: 120), "\(run) did not end")
      #expect(status == run.status, "\(run): exit status")
      #expect(try Data(contentsOf: child.stdoutURL) == run.stdout, "\(run): standard output")
      #expect(try Data(contentsOf: child.stderrURL) == run.stderr, "\(run): standard error")
    }
  }
}
