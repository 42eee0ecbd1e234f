import BluetoothTypes
import Foundation
import HCICaptures
import HCICodec
import Testing

/// The pcap and pcapng captures of /work/shared/captures (see its SOURCES.md), read from
/// `../shared/captures` next to the package; the tests are skipped when it is absent.
/// Where the shared captures are: `../shared/captures` from the package root, or `nil`.
enum PCAPSharedCaptures {
  static let directory: URL? = {
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let directory = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/captures")
    return FileManager.default.fileExists(atPath: directory.appendingPathComponent("SOURCES.md").path) ? directory : nil
  }()
}

@Suite("real pcap and pcapng captures", .enabled(if: PCAPSharedCaptures.directory != nil))
struct PCAPRealCaptureTests {

  struct Expectation: CustomTestStringConvertible, Sendable {
    var path: String
    var format: CaptureFileFormat
    var linkType: PcapLinkType
    var frames: Int
    /// Reports with the CRC checked (by the sniffer, else recomputed).
    var reports: Int
    /// Reports when unchecked CRCs are not recomputed.
    var reportsWithoutCRCCheck: Int
    var testDescription: String { path }
  }

  // frames: `capinfos -c FILE`. reports: the "adv reports" column of SOURCES.md minus what a
  // controller would not report: ADV_EXT_IND, packets with a bad CRC, and PDUs too short for
  // their fields. Counted with TShark 4.0.17:
  //   ice9 (HackRF) files, CRC not checked at capture: TShark recomputes it, but only for
  //   packets whose AD it could dissect (`btle.crc` is absent when dissection stopped early;
  //   we recompute it for all, and those 5 + 76 packets have bad CRCs), so:
  //     tshark -r FILE -Y 'btle.advertising_header.pdu_type in {0,1,2,4,6} && btle.crc && !btle.crc.incorrect' | wc -l
  //   nRF Sniffer files (the sniffer checks every CRC):
  //     tshark -r FILE -Y 'btle.advertising_header.pdu_type in {0,1,2,4,6} && nordic_ble.crcok == 1' | wc -l
  //   reportsWithoutCRCCheck (ice9 files; translated(verifyingUncheckedCRC: false)):
  //     tshark -r FILE -Y 'btle.advertising_header.pdu_type in {0,1,2,4,6} && btle.advertising_header.length >= 6
  //       && btle.advertising_header.length <= 37
  //       && !(btle.advertising_header.pdu_type == 1 && btle.advertising_header.length != 12)' | wc -l
  // ble_all_adv_w_scan.pcap: 2811 adv reports, 0 ADV_EXT_IND -> 2424 with a good CRC; 2808
  //   without the CRC check (3 PDUs too short for AdvA, or an ADV_DIRECT_IND with extra bytes).
  // short_ble_sniff.pcap: 113, 1 ADV_EXT_IND -> 81 with a good CRC; 112 without the check.
  // capture.pcapng: 1796, 0 ADV_EXT_IND, 8 bad CRC -> 1788.
  // garmin.pcapng: 3725, 7 ADV_EXT_IND, 106 bad CRC -> 3612.
  // ble.pcapng: 12, none skipped -> 12.
  static let expectations: [Expectation] = [
    Expectation(
      path: "blakete_Boston-Mesh-Open-Source-Base-Station/ble_all_adv_w_scan.pcap", format: .pcapng,
      linkType: .bluetoothLELLWithPHDR, frames: 3755, reports: 2424, reportsWithoutCRCCheck: 2808),
    Expectation(
      path: "blakete_Boston-Mesh-Open-Source-Base-Station/short_ble_sniff.pcap", format: .pcap,
      linkType: .bluetoothLELLWithPHDR, frames: 239, reports: 81, reportsWithoutCRCCheck: 112),
    Expectation(
      path: "AleBonora3_Tesi_BLE/capture.pcapng", format: .pcapng, linkType: .nordicBLE, frames: 3017, reports: 1788,
      reportsWithoutCRCCheck: 1788),
    Expectation(
      path: "AleBonora3_Tesi_BLE/garmin.pcapng", format: .pcapng, linkType: .nordicBLE, frames: 4881, reports: 3612,
      reportsWithoutCRCCheck: 3612),
    Expectation(
      path: "mhaberler_ble-advertiser/ble.pcapng", format: .pcapng, linkType: .nordicBLE, frames: 13, reports: 12,
      reportsWithoutCRCCheck: 12),
  ]

  static func bytes(_ path: String) throws -> [UInt8] {
    let directory = try #require(PCAPSharedCaptures.directory)
    return Array(try Data(contentsOf: directory.appendingPathComponent(path)))
  }

  /// Every frame of a capture, decoded in 4 KiB chunks as a file reader would feed them.
  static func frames(_ path: String) throws -> [CapturedFrame] {
    let bytes = try bytes(path)
    let decoded = try decodeCapture(bytes, chunkSizes: Array(repeating: 4096, count: bytes.count / 4096 + 1))
    #expect(decoded.warning == nil)
    return decoded.frames
  }

  @Test("decode without error; report counts match TShark", arguments: expectations)
  func counts(_ expectation: Expectation) throws {
    let bytes = try Self.bytes(expectation.path)
    #expect(CaptureFileFormat(leadingBytes: bytes.prefix(16)) == expectation.format)
    let frames = try Self.frames(expectation.path)
    #expect(frames.count == expectation.frames)
    #expect(frames.allSatisfy { $0.linkType == expectation.linkType })
    let translations = try frames.map { try $0.translated() }
    #expect(translations.compactMap(\.packet).count == expectation.reports)
    let unchecked = try frames.compactMap { try $0.translated(verifyingUncheckedCRC: false).packet }
    #expect(unchecked.count == expectation.reportsWithoutCRCCheck)
  }

  /// Reports checked field by field against TShark:
  /// `tshark -r FILE -Y 'frame.number in {N,M}' -T json -x`, fields btle.advertising_address,
  /// btle.advertising_header.pdu_type, btle.advertising_header.randomized_tx, nordic_ble.rssi
  /// (or btle_rf.signal_dbm, absent in these files), btcommon.eir_ad.advertising_data_raw.
  @Test(
    "reports match TShark's fields",
    arguments: [
      (
        "AleBonora3_Tesi_BLE/garmin.pcapng", 1, "D1:5C:F0:EE:02:8F", UInt8(0x00), true, Int8?(-34), "02010605ff87000fdd"
      ),
      ("AleBonora3_Tesi_BLE/garmin.pcapng", 3, "D1:5C:F0:EE:02:8F", 0x04, true, -33, ""),
      ("AleBonora3_Tesi_BLE/capture.pcapng", 2, "C0:48:FF:F5:9D:B8", 0x00, true, -48, "0201060b094e6f726469635f4c4253"),
      (
        "mhaberler_ble-advertiser/ble.pcapng", 1, "48:CA:43:3A:34:05", 0x02, false, -25,
        "0201061716d2fc440c502841540843660362c091210063809d0500"
      ),
      (
        "blakete_Boston-Mesh-Open-Source-Base-Station/short_ble_sniff.pcap", 2, "60:74:F4:50:6A:91", 0x00, false, nil,
        "0201050c0947564837313733364139310eff0388ec00010100000000000000"
      ),
      (
        "blakete_Boston-Mesh-Open-Source-Base-Station/ble_all_adv_w_scan.pcap", 5, "4A:0E:CD:C0:3C:3B", 0x00, true, nil,
        "02011a020a0c0bff4c0010064f1de5a8d618"
      ),
    ])
  func fields(
    path: String, frameNumber: Int, address: String, eventType: UInt8, random: Bool, rssi: Int8?, data: String
  ) throws {
    let frames = try Self.frames(path)
    let frame = try #require(frames.first { $0.recordNumber == frameNumber })
    let packet = try #require(try frame.translated().packet)
    guard case .leMeta(.advertisingReport(let event)) = try HCIEvent(decoding: packet.bytes) else {
      Issue.record("frame \(frameNumber) is not an advertising report")
      return
    }
    let report = try #require(event.reports.first)
    #expect(report.address == BluetoothAddress(address))
    #expect(report.eventType.rawValue == eventType)
    #expect(report.addressType == (random ? .random : .public))
    #expect(report.rssi == rssi)
    #expect(Array(report.data) == RealFrames.hex(data))
  }
}
