import BeaconTestSupport
import Foundation
import Testing

/// `beacon-scan --replay -` reads the capture from standard input, so that a compressed one can
/// be piped in (`zcat ride.btsnoop.gz | beacon-scan --replay -`); a gzip file given by name is
/// refused with that advice.
@Suite struct ReplayFromStandardInputTests {
  static let ride = TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")

  static func scan(_ arguments: [String], standardInput: String? = nil) throws -> ProcessResult {
    try ChildProcess(
      executable: TestPaths.productsDirectory.appendingPathComponent("beacon-scan").path, arguments: arguments,
      standardInput: standardInput
    ).finish()
  }

  @Test(arguments: [[], ["--format", "json"], ["--summary", "--format", "json"], ["--notify"]])
  func standardInputGivesWhatTheFileGives(options: [String]) throws {
    let fromFile = try Self.scan(["--replay", Self.ride] + options)
    let fromInput = try Self.scan(["--replay", "-"] + options, standardInput: Self.ride)
    #expect(fromInput.status == 0)
    #expect(fromInput.stdout == fromFile.stdout.replacingOccurrences(of: Self.ride, with: "standard input"))
    #expect(!fromInput.stdout.isEmpty)
    #expect(
      fromInput.stderr.hasSuffix(
        "beacon-scan: standard input: 1540 advertising report(s), 429 with a beacon frame, 429 matched\n"))
  }

  @Test func aGzipFileIsRefusedWithThePipeAsAdvice() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // The gzip member header (RFC 1952) and a stored deflate block are enough to be recognised.
    let path = directory.appendingPathComponent("ride.btsnoop.gz").path
    _ = FileManager.default.createFile(
      atPath: path, contents: Data([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03, 0x01, 0x00, 0x00, 0xFF, 0xFF]))
    let result = try Self.scan(["--replay", path])
    #expect(result.status == 65)
    #expect(result.stderr.contains("gzip-compressed"))
    #expect(result.stderr.contains("`zcat \(path) | beacon-scan --replay -`"))
  }

  @Test func emptyStandardInputIsNoCapture() throws {
    let result = try Self.scan(["--replay", "-", "--format", "json"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("beacon-scan: standard input: not a capture this tool reads (the file is empty)"))
  }
}
