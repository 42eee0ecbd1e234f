import BluetoothTypes
import Foundation
import HCICaptures
import HCITransportCore
import Testing

/// Replays the third-party btsnoop captures in ../shared/captures (Android 1002 logs and a btmon
/// 2001 file) and checks the record counts that SOURCES.md lists in its "frames" column.
@Suite("Real btsnoop captures", .enabled(if: PackageLocation.sharedCapturesExist, "../shared/captures is absent"))
struct RealCaptureTests {
  /// File name → frames, from the table rows of SOURCES.md whose format is btsnoop.
  static func expectedFrames() throws -> [String: Int] {
    let sources = try String(
      contentsOf: PackageLocation.sharedCaptures.appendingPathComponent("SOURCES.md"), encoding: .utf8)
    var frames: [String: Int] = [:]
    for line in sources.split(separator: "\n") where line.hasPrefix("| `") {
      let columns = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      // | file | source | licence | format / link type | frames | ...
      guard columns.count > 5, columns[4].hasPrefix("btsnoop"), let count = Int(columns[5]) else { continue }
      frames[columns[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = count
    }
    return frames
  }

  static func captureFiles() throws -> [String] {
    let root = PackageLocation.sharedCaptures
    var files: [String] = []
    for directory in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() {
      let url = root.appendingPathComponent(directory)
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { continue }
      for name in names.sorted() where name.hasSuffix(".log") || name.hasSuffix(".btsnoop") {
        files.append("\(directory)/\(name)")
      }
    }
    return files
  }

  @Test func everyBTSnoopCaptureReadsWithTheListedFrameCount() throws {
    let expected = try Self.expectedFrames()
    let files = try Self.captureFiles()
    #expect(files.count >= 9)
    #expect(Set(files) == Set(expected.keys), "every btsnoop file is listed in SOURCES.md, and only those")
    for file in files {
      let source = try CaptureReplayConnection(path: PackageLocation.sharedCaptures.appendingPathComponent(file).path)
      var packets = 0
      var lastOrigin: PacketOrigin?
      while let packet = try source.nextPacket() {
        packets += 1
        lastOrigin = packet.origin
      }
      #expect(source.warnings.isEmpty, "\(file): \(source.warnings)")
      #expect(source.recordCount == expected[file], "\(file) records")
      if source.datalink == .h4 {
        // Every Android record is an HCI packet; the last one is the last record.
        #expect(packets == source.recordCount, "\(file) packets")
        #expect(lastOrigin?.recordNumber == source.recordCount)
      }
    }
  }

  @Test func btmonCaptureHoldsOnlyMonitorNotes() throws {
    let path = PackageLocation.sharedCaptures.appendingPathComponent("felixwatts_batteread/capture.btsnoop").path
    let source = try CaptureReplayConnection(path: path)
    #expect(source.datalink == .linuxMonitor)
    #expect(try source.nextPacket() == nil)
    #expect(source.recordCount == 6)
  }

  /// The first record of the oldest Android log, checked against tshark: frame 1 of
  /// cnrd_yeelock/btsnoop_hci.log is an HCI event (7 bytes with its H4 byte) at 1552223479.707800.
  @Test func androidLogTimestampsMatchWireshark() throws {
    let path = PackageLocation.sharedCaptures.appendingPathComponent("cnrd_yeelock/btsnoop_hci.log").path
    let source = try CaptureReplayConnection(path: path)
    let first = try #require(try source.nextPacket())
    #expect(first.time == Timestamp(microsecondsSinceUnixEpoch: 1_552_223_479_707_800))
    #expect(first.packet.type == .event)
    #expect(first.packet.bytes.count == 6)
    #expect(first.origin == PacketOrigin(recordNumber: 1, byteOffset: 16))
  }
}
