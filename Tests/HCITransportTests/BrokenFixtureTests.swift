import Foundation
import HCICodec
import HCITransport
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
    "broken-not-btsnoop", "broken-bad-datalink", "broken-truncated-header", "broken-corrupt-mid-file",
  ]

  /// The generator's names for the kinds of failure, and the byte where the reader is expected to
  /// point. For a truncated header the generator names the header's start and our reader names
  /// where the bytes ran out (the file's size).
  static func matches(_ error: BTSnoopError, _ expected: Expectation) -> Bool {
    switch (expected.error.kind, error) {
    case ("notBtsnoop", .notBTSnoop): return error.byteOffset == expected.error.offset
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
      var source = try CaptureReplaySource(path: path)
      while try source.nextPacket() != nil { packets += 1 }
      Issue.record("\(name): read to the end without an error")
    } catch {
      guard case .format(let format) = error.reason else {
        Issue.record("\(name): not a format error: \(error)")
        return
      }
      #expect(Self.matches(format, expected), "\(name): \(format) vs \(expected.error)")
      #expect(error.description.hasPrefix(path + ": "))
      #expect(error.description.contains("byte \(format.byteOffset)"))
    }
    #expect(packets == (expected.recordsBeforeError ?? 0))
  }
}
