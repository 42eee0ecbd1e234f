import Foundation
import HCICaptures
import Testing

/// The broken fixtures fail where their independent generator says, with the kind of error it says.
@Suite struct BrokenFixtureTests {
  struct Expectation: Decodable {
    struct Failure: Decodable {
      var kind: String
      var offset: Int
    }
    var fileSize: Int
    var error: Failure
    var recordsBeforeError: Int?
  }

  static let names = [
    "broken-not-a-capture", "broken-bad-datalink", "broken-truncated-header", "broken-corrupt-mid-file",
  ]

  /// The generator's names for the kinds of failure, and the byte where the reader is expected to
  /// point. For a truncated header the generator names the header's start and our reader names
  /// where the bytes ran out (the file's size).
  static func matches(_ reason: CaptureFileError.Reason, _ expected: Expectation) -> Bool {
    if case .unrecognizedFormat(_, let looksLike) = reason {
      return expected.error.kind == "notACapture" && expected.error.offset == 0 && looksLike.hasPrefix("a text file")
    }
    guard case .format(let error) = reason else { return false }
    switch (expected.error.kind, error) {
    case ("unsupportedDatalink", .unsupportedDatalink(1234)): return error.byteOffset == expected.error.offset
    case ("truncatedFileHeader", .truncatedHeader(let present)): return present == expected.fileSize
    case ("invalidRecordLength", .corruptRecord(_, let offset, _)): return offset == expected.error.offset
    default: return false
    }
  }

  @Test(arguments: names)
  func failsWhereTheGeneratorSays(name: String) throws {
    let root = PackageLocation.root.appendingPathComponent("Fixtures")
    let summary = try Data(contentsOf: root.appendingPathComponent(name + ".expected-summary.json"))
    let expected = try JSONDecoder().decode(Expectation.self, from: summary)
    let path = root.appendingPathComponent(name + ".btsnoop").path
    var packets = 0
    do {
      let source = try CaptureReplayConnection(path: path)
      while try source.nextPacket() != nil { packets += 1 }
      Issue.record("\(name): read to the end without an error")
    } catch {
      #expect(Self.matches(error.reason, expected), "\(name): \(error.reason) vs \(expected.error)")
      #expect(error.description.hasPrefix(path + ": "))
      let offset = if case .format(let format) = error.reason { format.byteOffset } else { 0 }
      #expect(error.description.contains("byte \(offset)"))
    }
    #expect(packets == (expected.recordsBeforeError ?? 0))
  }
}
