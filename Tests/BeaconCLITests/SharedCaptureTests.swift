import BeaconDomain
import Foundation
import HCICodec
import HCITransport
import Testing

@testable import BeaconCLI

/// Real captures recorded by other people (../shared/captures, see its SOURCES.md), decoded by
/// our pipeline and compared with the iBeacon rows that tshark and scapy agreed on (expected.tsv).
@Suite(
  .enabled(
    if: TestPaths.sharedCapturesAvailable,
    "../shared/captures is not present beside the project: real third-party capture tests skipped"))
struct SharedCaptureTests {
  struct ExpectedRow: Hashable, CustomStringConvertible {
    var frame: Int
    var address: String
    var rssi: Int
    var uuid: String
    var major: Int
    var minor: Int
    var txPower: Int
    var description: String { "#\(frame) \(address) \(rssi) \(uuid) \(major) \(minor) \(txPower)" }
  }

  static func expectedRows() throws -> [String: [ExpectedRow]] {
    let text = try String(
      contentsOf: TestPaths.sharedCaptures.appendingPathComponent("expected.tsv"), encoding: .utf8)
    var rows: [String: [ExpectedRow]] = [:]
    for line in text.split(separator: "\n").dropFirst() {
      let fields = line.split(separator: "\t").map(String.init)
      guard fields.count == 8, let frame = Int(fields[1]), let rssi = Int(fields[3]), let major = Int(fields[5]),
        let minor = Int(fields[6]), let tx = Int(fields[7])
      else { continue }
      rows[fields[0], default: []].append(
        ExpectedRow(
          frame: frame, address: fields[2].uppercased(), rssi: rssi, uuid: fields[4].uppercased(), major: major,
          minor: minor, txPower: tx))
    }
    return rows
  }

  /// Every btsnoop capture there (by content, not by name).
  static func btsnoopCaptures() throws -> [String] {
    let root = TestPaths.sharedCaptures
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    var files: [String] = []
    while let relative = enumerator?.nextObject() as? String {
      let url = root.appendingPathComponent(relative)
      guard let handle = FileHandle(forReadingAtPath: url.path) else { continue }
      let magic = handle.readData(ofLength: 8)
      try? handle.close()
      if magic == Data("btsnoop\0".utf8) { files.append(relative) }
    }
    return files.sorted()
  }

  @Test func everyBTSnoopCaptureDecodesAndYieldsTheListedIBeacons() throws {
    let expected = try Self.expectedRows()
    let captures = try Self.btsnoopCaptures()
    #expect(captures.count >= 9, "expected the btsnoop captures listed in SOURCES.md")
    #expect(Set(expected.keys).isSubset(of: Set(captures)))
    for capture in captures {
      var source = try CaptureReplaySource(path: TestPaths.sharedCaptures.appendingPathComponent(capture).path)
      var scanner = BeaconScanner(filter: BeaconFilter(kinds: [.iBeacon]))
      var rows: [ExpectedRow] = []
      var problems: [ScanProblem] = []
      try scanner.run(&source) { sighting in
        guard case .iBeacon(let frame) = sighting.frame else { return }
        rows.append(
          ExpectedRow(
            frame: sighting.origin?.recordNumber ?? -1, address: sighting.address.description,
            rssi: Int(sighting.rssi ?? 127), uuid: frame.uuid.description, major: Int(frame.major),
            minor: Int(frame.minor), txPower: Int(frame.measuredPower)))
      } problem: {
        problems.append($0)
      }
      #expect(problems.isEmpty, "\(capture): \(problems)")
      #expect(rows == (expected[capture] ?? []), "\(capture)")
    }
  }
}
