import BluetoothTypes
import HCICaptures
import HCICodec
import Testing

@Suite("pcap decoder")
struct PCAPDecoderTests {
  static let event = Array(RealFrames.h4AdvertisingReport.dropFirst())

  @Test("both byte orders give the same frames", arguments: [false, true])
  func byteOrders(bigEndian: Bool) throws {
    let bytes = PCAPBytes.pcap(
      bigEndian: bigEndian, linkType: 187,
      records: [
        (1_700_000_000, 123_456, RealFrames.h4AdvertisingReport), (1_700_000_001, 0, [0x01, 0x03, 0x0C, 0x00]),
      ])
    let (decoded, agree) = try decodeEveryWay(bytes)
    #expect(agree)
    #expect(decoded.warning == nil)
    #expect(decoded.frames.count == 2)
    let first = try #require(decoded.frames.first)
    #expect(first.time == Timestamp(microsecondsSinceUnixEpoch: 1_700_000_000_123_456))
    #expect(first.linkType == .bluetoothHCIH4)
    #expect(first.recordNumber == 1 && first.byteOffset == 24)
    #expect(Array(first.bytes) == RealFrames.h4AdvertisingReport)
    #expect(decoded.frames[1].recordNumber == 2 && decoded.frames[1].byteOffset == 24 + 16 + 45)
    #expect(
      try first.translated() == .packet(HCIPacket(type: .event, direction: .controllerToHost, bytes: Self.event[...])))
  }

  @Test("nanosecond magic: timestamps truncated to microseconds", arguments: [false, true])
  func nanoseconds(bigEndian: Bool) throws {
    let bytes = PCAPBytes.pcap(
      bigEndian: bigEndian, nanoseconds: true, linkType: 272,
      records: [(1_770_308_274, 472_029_999, RealFrames.nordicADVScanInd)])
    var decoder = PcapDecoder()
    decoder.append(bytes)
    let frame = try #require(try decoder.nextFrame())
    #expect(frame.time == Timestamp(microsecondsSinceUnixEpoch: 1_770_308_274_472_029))
    #expect(decoder.fileHeader?.hasNanosecondTimestamps == true)
    #expect(decoder.fileHeader?.isBigEndian == bigEndian)
    #expect(try decoder.nextFrame() == nil)
    #expect(try decoder.finish() == nil)
  }

  @Test("a truncated final record is a warning, the records before it are kept")
  func truncatedFinalRecord() throws {
    let whole = PCAPBytes.pcap(
      bigEndian: false, linkType: 187,
      records: [(1, 0, RealFrames.h4AdvertisingReport), (2, 0, RealFrames.h4AdvertisingReport)])
    let cut = Array(whole.dropLast(5))
    let (decoded, agree) = try decodeEveryWay(cut)
    #expect(agree)
    #expect(decoded.frames.count == 1)
    #expect(
      decoded.warning == .truncatedFinalRecord(recordNumber: 2, byteOffset: 85, presentBytes: 56, expectedBytes: 61))
    let headerCut = try decodeCapture(Array(whole.prefix(85 + 16 + 10)))
    #expect(
      headerCut.warning == .truncatedFinalRecord(recordNumber: 2, byteOffset: 85, presentBytes: 26, expectedBytes: 61))
    let inRecordHeader = try decodeCapture(Array(whole.prefix(85 + 3)))
    #expect(
      inRecordHeader.warning
        == .truncatedFinalRecord(recordNumber: 2, byteOffset: 85, presentBytes: 3, expectedBytes: 16))
  }

  @Test("a record length beyond the maximum is corruption with its offset")
  func corruptRecord() throws {
    var bytes = PCAPBytes.pcap(bigEndian: false, linkType: 187, records: [(1, 0, RealFrames.h4AdvertisingReport)])
    bytes +=
      PCAPBytes.integer(2, count: 8, bigEndian: false) + PCAPBytes.integer(0x0100_0000, count: 4, bigEndian: false)
    bytes += PCAPBytes.integer(0x0100_0000, count: 4, bigEndian: false)
    var decoder = PcapDecoder()
    decoder.append(bytes)
    #expect(try decoder.nextFrame() != nil)
    let expected = PacketCaptureError.corruptRecord(
      recordNumber: 2, byteOffset: 85, reason: .capturedLengthTooLarge(0x0100_0000))
    #expect(throws: expected) { try decoder.nextFrame() }
    #expect(throws: expected) { try decoder.finish() }
    #expect(expected.byteOffset == 85)
  }

  @Test("a truncated file header and a wrong version are errors")
  func headerErrors() throws {
    var decoder = PcapDecoder()
    decoder.append([0xD4, 0xC3, 0xB2, 0xA1, 0x02, 0x00])
    #expect(try decoder.nextFrame() == nil)
    #expect(throws: PacketCaptureError.truncatedFileHeader(presentBytes: 6, expectedBytes: 24)) { try decoder.finish() }

    var bytes = PCAPBytes.pcap(bigEndian: true, linkType: 187, records: [])
    bytes[5] = 3
    var versioned = PcapDecoder()
    versioned.append(bytes)
    #expect(throws: PacketCaptureError.unsupportedVersion(major: 3, minor: 4, byteOffset: 4)) {
      try versioned.nextFrame()
    }
  }

  @Test("an empty capture has no frames and no warning")
  func emptyCapture() throws {
    let decoded = try decodeCapture(PCAPBytes.pcap(bigEndian: false, linkType: 256, records: []))
    #expect(decoded == DecodedCapture(frames: [], warning: nil))
  }
}
