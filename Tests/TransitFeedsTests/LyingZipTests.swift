import BeaconTestSupport
import Foundation
import Testing
import TransitFeeds

/// A zip whose headers claim more than its entry holds: refused when the entry ends, without
/// setting aside what the header claims.
@Suite("GTFS: a zip that lies about its sizes")
struct LyingZipTests {
  /// The Kobe feed's zip with `stops.txt`'s uncompressed size, in its local header (offset 22)
  /// and its central directory entry (offset 24), set to `claimed` (APPNOTE.TXT 4.3.7, 4.3.12).
  static func zip(claiming claimed: UInt32) throws -> [UInt8] {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("gtfs/kobe-subway.zip"))))
    let name = Array("stops.txt".utf8)
    func patch(signature: [UInt8], nameLength: Int, nameStart: Int, sizeAt: Int) -> Int {
      var patched = 0
      var index = 0
      while index + nameStart + name.count <= bytes.count {
        if Array(bytes[index..<index + 4]) == signature {
          let length = Int(bytes[index + nameLength]) | Int(bytes[index + nameLength + 1]) << 8
          if length == name.count && Array(bytes[index + nameStart..<index + nameStart + length]) == name {
            for shift in 0..<4 { bytes[index + sizeAt + shift] = UInt8(truncatingIfNeeded: claimed >> (8 * shift)) }
            patched += 1
          }
        }
        index += 1
      }
      return patched
    }
    #expect(patch(signature: [0x50, 0x4B, 0x03, 0x04], nameLength: 26, nameStart: 30, sizeAt: 22) == 1)
    #expect(patch(signature: [0x50, 0x4B, 0x01, 0x02], nameLength: 28, nameStart: 46, sizeAt: 24) == 1)
    return bytes
  }

  @Test func anEntryThatEndsBeforeItsClaimedSizeIsRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(try Self.zip(claiming: 1 << 30), to: "lying.zip")
    let error = #expect(throws: FeedError.self) { try Feed.load(from: path) }
    guard case .unreadableFeed(let entry, let reason) = error else {
      Issue.record("not refused as unreadable: \(String(describing: error))")
      return
    }
    #expect(entry == "\(path): stops.txt")
    #expect(!reason.isEmpty)
  }

  /// 0xFFFFFFFF says the size is in a ZIP64 record, which this zip does not have.
  @Test func aSizeThatPointsAtAMissingZIP64RecordIsRefusedSayingSo() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(try Self.zip(claiming: .max), to: "lying.zip")
    #expect(
      throws: FeedError.unreadableFeed(path: path, reason: "its zip directory points at records that are not there")
    ) { try Feed.load(from: path) }
  }
}
