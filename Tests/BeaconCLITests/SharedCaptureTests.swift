import BeaconScanning
import BeaconTestSupport
import Beacons
import Foundation
import HCITestSupport
import MRTNavigation
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
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
      else { continue }
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
      var scanner = BeaconScanner(filter: BeaconFilter(kinds: [.iBeacon]))
      var rows: [ExpectedRow] = []
      var problems: [ScanProblem] = []
      let path = TestPaths.sharedCaptures.appendingPathComponent(capture).path
      _ = try scanCapture(path, with: &scanner) { sighting, packet in
        guard case .iBeacon(let frame) = sighting.frame else { return }
        rows.append(
          ExpectedRow(
            frame: packet.origin?.recordNumber ?? -1, address: sighting.address.description,
            rssi: Int(sighting.rssi ?? 127), uuid: frame.uuid.description, major: Int(frame.major),
            minor: Int(frame.minor), txPower: Int(frame.measuredPower)))
      } problem: {
        problems.append($0)
      }
      #expect(problems.isEmpty, "\(capture): \(problems)")
      #expect(rows == (expected[capture] ?? []), "\(capture)")
    }
  }

  /// Link-layer sniffer captures: advertising PDUs with a good CRC, as tshark 4.0.17 counts them:
  /// `tshark -r F -Y 'btle.advertising_header.pdu_type in {0,1,2,4,6} && btle.crc && !btle.crc.incorrect'`
  /// (HackRF files) or `… && nordic_ble.crcok == 1` (nRF Sniffer files), piped to `wc -l`.
  static let linkLayerReportCounts = [
    "blakete_Boston-Mesh-Open-Source-Base-Station/ble_all_adv_w_scan.pcap": 2424,
    "blakete_Boston-Mesh-Open-Source-Base-Station/short_ble_sniff.pcap": 81,
    "AleBonora3_Tesi_BLE/capture.pcapng": 1788,
    "AleBonora3_Tesi_BLE/garmin.pcapng": 3612,
    "mhaberler_ble-advertiser/ble.pcapng": 12,
  ]

  @Test func everyCaptureThereReplaysWithoutError() throws {
    let root = TestPaths.sharedCaptures
    for (capture, reports) in Self.linkLayerReportCounts {
      var scanner = BeaconScanner()
      var problems: [ScanProblem] = []
      let source = try scanCapture(
        root.appendingPathComponent(capture).path, with: &scanner, sighting: { _, _ in },
        problem: { problems.append($0) })
      #expect(problems.isEmpty, "\(capture): \(problems)")
      #expect(source.warnings.isEmpty, "\(capture): \(source.warnings)")
      #expect(scanner.statistics.advertisingReports == reports, "\(capture)")
    }
  }
}
