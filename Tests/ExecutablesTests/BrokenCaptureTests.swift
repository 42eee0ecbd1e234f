import BeaconTestSupport
import Foundation
import Testing

/// Broken captures, end to end: good fixtures damaged in one known way each (a wrong magic, an
/// unknown datalink, a cut header, a record that runs past the end, an absurd length, an empty
/// record, garbage in the middle), replayed by `beacon-scan`. Each must give its documented exit
/// status and a one-line message naming the byte, and print every report before the damage:
/// exactly the reports tools/make-fixtures.py expects (`NAME.expected.jsonl`) whose capture time
/// comes before the damaged record.
@Suite struct BrokenCaptureTests {
  /// One btsnoop record as the file holds it: where it starts, its bytes, its time.
  struct Record {
    var offset: Int
    var bytes: [UInt8]
    var unixMilliseconds: Int64
  }

  /// A btsnoop fixture split into its 16-byte header and its records (read here from the
  /// format's layout: 24-byte record headers, big-endian, times in µs since year 0).
  struct Capture {
    var header: [UInt8]
    var records: [Record]
    var expected: [[String: Any]]

    init(_ name: String) throws {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture(name + ".btsnoop"))))
      header = Array(bytes[0..<16])
      records = []
      var offset = 16
      func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
      while offset + 24 <= bytes.count {
        let included = be32(offset + 4)
        let micros = bytes[offset + 16..<offset + 24].reduce(Int64(0)) { $0 << 8 | Int64($1) }
        let end = offset + 24 + included
        records.append(
          Record(
            offset: offset, bytes: Array(bytes[offset..<min(end, bytes.count)]),
            unixMilliseconds: (micros - 0x00DC_DDB3_0F2F_8000) / 1000))
        offset = end
      }
      let lines = try String(contentsOfFile: TestPaths.fixture(name + ".expected.jsonl"), encoding: .utf8)
      expected = jsonLines(lines)
    }

    /// The file with `replacement` in place of records from `index` on (the rest kept after it).
    func file(replacingFrom index: Int, with replacement: [UInt8], keepRest: Bool = true) -> [UInt8] {
      header + records[..<index].flatMap(\.bytes) + replacement + (keepRest ? records[index...].flatMap(\.bytes) : [])
    }

    /// How many expected reports come before record `index`.
    func expectedBefore(_ index: Int) -> Int {
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
      let limit = records[index].unixMilliseconds
      return expected.filter { line in
        guard let text = line["time"] as? String, let date = formatter.date(from: text) else { return false }
        return Int64((date.timeIntervalSince1970 * 1000).rounded()) < limit
      }.count
    }
  }

  func replay(_ bytes: [UInt8]) throws -> ProcessResult {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).btsnoop")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return try Executable.run("beacon-scan", ["--replay", url.path, "--format", "json"])
  }

  static let fixtures = ["ride-lebak-bulus-to-bundaran-hi", "ride-android-h4", "raw-hci-1001"]

  /// Damage that leaves the rest of the file unreadable: the record lengths cannot be trusted.
  enum FatalDamage: String, CaseIterable, CustomTestStringConvertible {
    case absurdLength, includedLongerThanOriginal, garbage

    var testDescription: String { rawValue }

    /// What replaces the records from `record` on (the rest follows it).
    func bytes(at record: Record) -> [UInt8] {
      switch self {
      case .absurdLength: recordHeader(original: 0x7FFF_FFFF, included: 0x7FFF_FFFF, like: record)
      case .includedLongerThanOriginal: recordHeader(original: 4, included: 8, like: record)
      case .garbage: (0..<600).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
      }
    }
  }

  @Test(arguments: fixtures, FatalDamage.allCases)
  func damageMidFileStopsAtThatRecordAfterPrintingWhatCameBefore(name: String, damage: FatalDamage) throws {
    let capture = try Capture(name)
    let index = capture.records.count / 2
    let result = try replay(capture.file(replacingFrom: index, with: damage.bytes(at: capture.records[index])))
    #expect(result.status == 65)
    #expect(result.stderr.contains("record \(index + 1) at byte \(capture.records[index].offset) is corrupt"))
    #expect(jsonLines(result.stdout).count == capture.expectedBefore(index), "\(result.stderr)")
  }

  @Test(arguments: fixtures)
  func aRecordRunningPastTheEndIsAWarningAndEverythingBeforeIsUsed(name: String) throws {
    let capture = try Capture(name)
    let index = capture.records.count - 1
    let last = capture.records[index]
    let claimed = UInt32(last.bytes.count - 24 + 100)
    let damaged = recordHeader(original: claimed, included: claimed, like: last) + last.bytes[24...]
    let result = try replay(capture.file(replacingFrom: index, with: damaged, keepRest: false))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("record \(index + 1) at byte \(last.offset) is truncated"), "\(result.stderr)")
    #expect(jsonLines(result.stdout).count == capture.expectedBefore(index))
  }

  @Test(arguments: fixtures)
  func anEmptyRecordIsSkippedWithAWarningAndNothingIsLost(name: String) throws {
    let capture = try Capture(name)
    let index = capture.records.count / 2
    let empty = recordHeader(original: 0, included: 0, like: capture.records[index])
    let result = try replay(capture.file(replacingFrom: index, with: empty))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "1 HCI packet record(s) hold no bytes and were skipped, the first: record \(index + 1) at byte "
          + "\(capture.records[index].offset)"), "\(result.stderr)")
    #expect(jsonLines(result.stdout).count == capture.expected.count)
  }

  @Test(arguments: fixtures)
  func fileLevelDamageIsRefusedAtTheByteItStarts(name: String) throws {
    let capture = try Capture(name)
    let good = capture.file(replacingFrom: 0, with: [])
    var wrongMagic = good
    wrongMagic[7] = 0x01
    var unknownDatalink = good
    unknownDatalink[15] = 0xEE
    let cases: [(bytes: [UInt8], message: String)] = [
      (wrongMagic, "not a capture this tool reads (byte 0:"),
      (unknownDatalink, "byte 12"),
      (Array(good.prefix(10)), "header is truncated at byte 10"),
      (Array(good.prefix(12)), "header is truncated at byte 12"),
      ([], "the file is empty"),
    ]
    for (bytes, message) in cases {
      let result = try replay(bytes)
      #expect(result.status == 65, "\(message): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(result.stderr)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.split(separator: "\n").count <= 2, "one line, then at most the summary: \(result.stderr)")
    }
  }
}

/// A record header: original and included length, flags, drops, the time of `like`.
private func recordHeader(original: UInt32, included: UInt32, like record: BrokenCaptureTests.Record) -> [UInt8] {
  func be(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
  return be(original) + be(included) + Array(record.bytes[8..<24])
}
