import BluetoothTypes
import HCICaptures
import HCICodec
import Testing

@Suite("link-type translation")
struct LinkLayerTranslationTests {
  static func frame(_ linkType: PcapLinkType, _ bytes: [UInt8]) -> CapturedFrame {
    CapturedFrame(
      time: Timestamp(microsecondsSinceUnixEpoch: 0), linkType: linkType, interfaceID: 0, bytes: bytes[...],
      originalLength: bytes.count, recordNumber: 7, byteOffset: 700)
  }

  static func report(_ translation: FrameTranslation) throws -> LEAdvertisingReport.Report {
    let packet = try #require(translation.packet)
    #expect(packet.type == .event && packet.direction == .controllerToHost)
    let event = try HCIEvent(decoding: packet.bytes)
    guard case .leMeta(.advertisingReport(let reports)) = event else {
      Issue.record("not an LE Advertising Report: \(event)")
      throw ByteDecodingError.invalidValue(field: "event", value: 0)
    }
    #expect(reports.problem == nil && reports.reports.count == 1)
    return try #require(reports.reports.first)
  }

  // MARK: nRF Sniffer (272)

  @Test("nRF Sniffer v3: ADV_SCAN_IND with RSSI, exact event bytes")
  func nordicVersion3() throws {
    let translation = try Self.frame(.nordicBLE, RealFrames.nordicADVScanInd).translated()
    let advData = Array(RealFrames.nordicADVScanInd[29..<56])
    let expected: [UInt8] =
      [0x3E, 39, 0x02, 0x01, 0x02, 0x00, 0x05, 0x34, 0x3A, 0x43, 0xCA, 0x48, 27] + advData + [0xE7]
    #expect(translation == .packet(HCIPacket(type: .event, direction: .controllerToHost, bytes: expected[...])))
    let report = try Self.report(translation)
    #expect(report.address == BluetoothAddress("48:CA:43:3A:34:05"))
    #expect(report.rssi == -25 && report.eventType == .advScanInd && report.addressType == .public)
  }

  @Test("nRF Sniffer v2 and v1 headers")
  func nordicOlderVersions() throws {
    var version2 = RealFrames.nordicADVScanInd
    version2[3] = 2
    version2[6] = 0x06  // v2 marks every packet EVENT_PACKET; the access address tells the channel
    #expect(try Self.report(Self.frame(.nordicBLE, version2).translated()).rssi == -25)
    var version1 = RealFrames.nordicADVScanInd
    version1[1] = 6  // Header_Length (board not included)
    version1[2] = 52  // Payload_Length
    version1[3] = 1
    #expect(
      try Self.report(Self.frame(.nordicBLE, version1).translated()).address == BluetoothAddress("48:CA:43:3A:34:05"))
  }

  @Test("nRF Sniffer: bad CRC, data PDU, bad length, unknown version")
  func nordicSkips() throws {
    var badCRC = RealFrames.nordicADVScanInd
    badCRC[8] = 0x00
    #expect(try Self.frame(.nordicBLE, badCRC).translated() == .skipped(.crcFailed))
    var dataPDU = RealFrames.nordicADVScanInd
    dataPDU[6] = 0x06
    #expect(try Self.frame(.nordicBLE, dataPDU).translated() == .skipped(.dataChannelPDU))
    let short = Array(RealFrames.nordicADVScanInd.dropLast())
    #expect(
      try Self.frame(.nordicBLE, short).translated()
        == .skipped(.malformed(.lengthMismatch(field: "nRF Sniffer Payload_Length", declared: 59, available: 58))))
    var version4 = RealFrames.nordicADVScanInd
    version4[3] = 4
    #expect(
      throws: PacketCaptureError.malformedFrame(
        recordNumber: 7, byteOffset: 700, linkType: .nordicBLE,
        problem: .invalidValue(field: "nRF Sniffer Protocol_Version", value: 4))
    ) { try Self.frame(.nordicBLE, version4).translated() }
  }

  // MARK: LE LL with pseudo-header (256) and without (251)

  @Test("LE LL with pseudo-header: ADV_IND, random address, no RSSI")
  func pseudoHeader() throws {
    let report = try Self.report(Self.frame(.bluetoothLELLWithPHDR, RealFrames.pseudoHeaderADVInd).translated())
    #expect(report.address == BluetoothAddress("54:4E:54:A1:6F:51"))
    #expect(report.addressType == .random && report.eventType == .advInd && report.rssi == nil)
    #expect(Array(report.data) == RealFrames.hex("02 01 1a 0a ff 4c 00 10 05 29 18 a8 f8 49 02 0a 00"))
  }

  @Test("LE LL with pseudo-header: signal power and CRC flags")
  func pseudoHeaderFlags() throws {
    var withSignal = RealFrames.pseudoHeaderADVInd
    withSignal[1] = 0xC4  // -60 dBm
    withSignal[8] = 0x03 | 0x00  // dewhitened, signal power valid
    withSignal[9] = 0x0C  // CRC checked, CRC valid
    #expect(try Self.report(Self.frame(.bluetoothLELLWithPHDR, withSignal).translated()).rssi == -60)
    var failed = withSignal
    failed[9] = 0x04  // CRC checked, not valid
    #expect(try Self.frame(.bluetoothLELLWithPHDR, failed).translated() == .skipped(.crcFailed))
  }

  @Test("LE LL without pseudo-header; the CRC is recomputed unless told not to")
  func plainLinkLayer() throws {
    let packet = Array(RealFrames.pseudoHeaderADVInd.dropFirst(10))
    let report = try Self.report(Self.frame(.bluetoothLELL, packet).translated())
    #expect(report.address == BluetoothAddress("54:4E:54:A1:6F:51") && report.rssi == nil)
    var flipped = packet
    flipped[20] ^= 0x01
    #expect(try Self.frame(.bluetoothLELL, flipped).translated() == .skipped(.crcFailed))
    #expect(try Self.frame(.bluetoothLELL, flipped).translated(verifyingUncheckedCRC: false).packet != nil)
  }

  @Test("the CRC of real advertising packets matches")
  func crc() throws {
    let ice9 = try LinkLayerPacket(decoding: RealFrames.pseudoHeaderADVInd.dropFirst(10))
    #expect(ice9.crc == 0x45_1C03 && LinkLayerCRC.compute(ice9.pdu) == ice9.crc)
    let nordic = try LinkLayerPacket(decoding: RealFrames.nordicADVScanInd.dropFirst(17))
    #expect(nordic.hasValidAdvertisingCRC == true)
  }

  @Test("advertising PDU types: reported, or skipped by name")
  func pduTypes() throws {
    let advA: [UInt8] = [0x51, 0x6F, 0xA1, 0x54, 0x4E, 0x54]
    func translate(_ header: UInt8, _ payload: [UInt8]) throws -> FrameTranslation {
      let pdu = [header, UInt8(payload.count)] + payload
      let crc = LinkLayerCRC.compute(pdu)
      let bytes = [0xD6, 0xBE, 0x89, 0x8E] + pdu + [UInt8(crc & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc >> 16)]
      return try Self.frame(.bluetoothLELL, bytes).translated()
    }
    let data: [UInt8] = [0x02, 0x01, 0x06]
    #expect(try Self.report(translate(0x00, advA + data)).eventType == .advInd)
    #expect(try Self.report(translate(0x42, advA + data)).eventType == .advNonconnInd)
    #expect(try Self.report(translate(0x44, advA + data)).eventType == .scanRsp)
    #expect(try Self.report(translate(0x46, advA + data)).eventType == .advScanInd)
    let direct = try Self.report(translate(0x01, advA + advA))
    #expect(direct.eventType == .advDirectInd && direct.data.isEmpty && direct.addressType == .public)
    #expect(try translate(0x03, advA + advA) == .skipped(.unreportedPDUType(.scanReq)))
    #expect(
      try translate(0x05, advA + advA + [UInt8](repeating: 0, count: 22)) == .skipped(.unreportedPDUType(.connectInd)))
    #expect(try translate(0x07, [0x00]) == .skipped(.unreportedPDUType(.advExtInd)))
    let tooLong = try translate(0x00, advA + [UInt8](repeating: 0, count: 32))
    #expect(tooLong == .skipped(.malformed(.invalidValue(field: "AdvData length", value: 32))))
    let dataChannel = [0x9C, 0xAB, 0x9A, 0xAF, 0x01, 0x00, 0x2E, 0xD7, 0xC0] as [UInt8]
    #expect(try Self.frame(.bluetoothLELL, dataChannel).translated() == .skipped(.dataChannelPDU))
  }

  // MARK: HCI link types

  @Test("H4 with direction pseudo-header (201)")
  func h4WithPHDR() throws {
    let event = Array(RealFrames.h4AdvertisingReport.dropFirst())
    let received = try Self.frame(.bluetoothHCIH4WithPHDR, [0, 0, 0, 1] + RealFrames.h4AdvertisingReport).translated()
    #expect(received == .packet(HCIPacket(type: .event, direction: .controllerToHost, bytes: event[...])))
    let report = try Self.report(received)
    #expect(report.address == BluetoothAddress("E6:45:9D:5A:2E:EE") && report.rssi == -74)
    let sentACL = try Self.frame(.bluetoothHCIH4WithPHDR, [0, 0, 0, 0, 0x02, 0x40, 0x00, 0x00, 0x00]).translated()
    #expect(sentACL.packet?.type == .aclData && sentACL.packet?.direction == .hostToController)
    #expect(
      throws: PacketCaptureError.malformedFrame(
        recordNumber: 7, byteOffset: 700, linkType: .bluetoothHCIH4WithPHDR,
        problem: .truncated(field: "direction", needed: 4, available: 2))
    ) {
      try Self.frame(.bluetoothHCIH4WithPHDR, [0, 0]).translated()
    }
  }

  @Test("H4 without direction (187)")
  func h4() throws {
    let command: [UInt8] = [0x01, 0x0C, 0x20, 0x02, 0x01, 0x00]  // LE Set Scan Enable
    let translated = try Self.frame(.bluetoothHCIH4, command).translated()
    #expect(translated == .packet(HCIPacket(type: .command, direction: .hostToController, bytes: command.dropFirst())))
    #expect(
      try Self.frame(.bluetoothHCIH4, RealFrames.h4AdvertisingReport).translated().packet?.direction
        == .controllerToHost)
    #expect(
      throws: PacketCaptureError.malformedFrame(
        recordNumber: 7, byteOffset: 700, linkType: .bluetoothHCIH4,
        problem: .invalidValue(field: "H4 packet indicator", value: 9))
    ) {
      try Self.frame(.bluetoothHCIH4, [0x09, 0x00]).translated()
    }
  }

  @Test("Linux monitor (254): big-endian header, metadata skipped")
  func linuxMonitor() throws {
    let event = Array(RealFrames.h4AdvertisingReport.dropFirst())
    let translated = try Self.frame(.bluetoothLinuxMonitor, [0x00, 0x01, 0x00, 0x03] + event).translated()
    #expect(translated == .packet(HCIPacket(type: .event, direction: .controllerToHost, bytes: event[...])))
    let note = try Self.frame(.bluetoothLinuxMonitor, [0x00, 0x00, 0x00, 0x0C] + Array("note".utf8)).translated()
    #expect(note == .skipped(.monitorMetadata(opcode: 12)))
  }

  @Test("an unknown link type is an error naming it and the supported ones")
  func unsupportedLinkType() throws {
    let error = PacketCaptureError.unsupportedLinkType(PcapLinkType(rawValue: 1), recordNumber: 7, byteOffset: 700)
    #expect(throws: error) { try Self.frame(PcapLinkType(rawValue: 1), [0]).translated() }
    #expect(error.description.contains("1 (LINKTYPE_ETHERNET)"))
    #expect(error.description.contains("272 (LINKTYPE_NORDIC_BLE)") && error.description.contains("201 ("))
  }
}
