import BluetoothTypes
import HCICaptures
import HCICodec
import Testing

@Suite("pcapng decoder")
struct PCAPNGDecoderTests {
  /// A section with an HCI H4 interface (µs) and an nRF Sniffer interface (ns), an unknown
  /// block between them, packets on both, and a Simple Packet Block.
  static func twoInterfaces(bigEndian: Bool) -> [UInt8] {
    PCAPBytes.sectionHeader(bigEndian: bigEndian)
      + PCAPBytes.interfaceDescription(linkType: 187, bigEndian: bigEndian)
      + PCAPBytes.block(type: 0x0000_0BAD, body: [1, 2, 3, 4, 5], bigEndian: bigEndian)
      + PCAPBytes.interfaceDescription(linkType: 272, timestampResolution: 9, bigEndian: bigEndian)
      + PCAPBytes.enhancedPacket(
        interface: 1, timestamp: 1_770_308_274_472_029_000, data: RealFrames.nordicADVScanInd, bigEndian: bigEndian)
      + PCAPBytes.enhancedPacket(
        interface: 0, timestamp: 1_700_000_000_000_001, data: RealFrames.h4AdvertisingReport, bigEndian: bigEndian)
      + PCAPBytes.simplePacket(data: RealFrames.h4AdvertisingReport, bigEndian: bigEndian)
  }

  @Test("two interfaces of different link types, either byte order", arguments: [false, true])
  func twoInterfaces(bigEndian: Bool) throws {
    let bytes = Self.twoInterfaces(bigEndian: bigEndian)
    let (decoded, agree) = try decodeEveryWay(bytes)
    #expect(agree)
    #expect(decoded.warning == nil)
    #expect(decoded.frames.map(\.linkType) == [.nordicBLE, .bluetoothHCIH4, .bluetoothHCIH4])
    #expect(decoded.frames.map(\.interfaceID) == [1, 0, 0])
    #expect(decoded.frames.map(\.recordNumber) == [1, 2, 3])
    #expect(
      decoded.frames.map(\.time) == [
        Timestamp(microsecondsSinceUnixEpoch: 1_770_308_274_472_029),
        Timestamp(microsecondsSinceUnixEpoch: 1_700_000_000_000_001), nil,
      ])
    #expect(Array(decoded.frames[0].bytes) == RealFrames.nordicADVScanInd)
    #expect(Array(decoded.frames[2].bytes) == RealFrames.h4AdvertisingReport)
    // SHB 28, IDB 32, unknown 20, IDB 40.
    #expect(decoded.frames[0].byteOffset == 28 + 32 + 20 + 40)
    let packets = try decoded.frames.map { try $0.translated().packet }
    #expect(packets.allSatisfy { $0?.type == .event && $0?.direction == .controllerToHost })
  }

  @Test("a second section resets interfaces and may switch byte order")
  func multipleSections() throws {
    let first =
      PCAPBytes.sectionHeader(bigEndian: false) + PCAPBytes.interfaceDescription(linkType: 272, bigEndian: false)
      + PCAPBytes.enhancedPacket(interface: 0, timestamp: 5, data: RealFrames.nordicADVScanInd, bigEndian: false)
    let second =
      PCAPBytes.sectionHeader(bigEndian: true) + PCAPBytes.interfaceDescription(linkType: 201, bigEndian: true)
      + PCAPBytes.enhancedPacket(
        interface: 0, timestamp: 7, data: [0, 0, 0, 1] + RealFrames.h4AdvertisingReport, bigEndian: true)
    let (decoded, agree) = try decodeEveryWay(first + second)
    #expect(agree)
    #expect(decoded.frames.map(\.linkType) == [.nordicBLE, .bluetoothHCIH4WithPHDR])
    #expect(decoded.frames.map(\.recordNumber) == [1, 2])
    #expect(decoded.frames[1].time == Timestamp(microsecondsSinceUnixEpoch: 7))

    // A packet naming interface 1 in the second section (which declares only one) is corrupt.
    let bad =
      first + PCAPBytes.sectionHeader(bigEndian: true) + PCAPBytes.interfaceDescription(linkType: 201, bigEndian: true)
      + PCAPBytes.enhancedPacket(interface: 1, timestamp: 7, data: [1], bigEndian: true)
    let offset = first.count + 28 + 32
    #expect(
      throws: PacketCaptureError.corruptBlock(
        blockType: 6, byteOffset: offset, reason: .unknownInterface(id: 1, interfaceCount: 1))
    ) {
      try decodeCapture(bad)
    }
  }

  @Test("a truncated final block is a warning")
  func truncatedFinalBlock() throws {
    let bytes = Self.twoInterfaces(bigEndian: false)
    let simpleBlockLength = PCAPBytes.simplePacket(data: RealFrames.h4AdvertisingReport, bigEndian: false).count
    let (decoded, agree) = try decodeEveryWay(Array(bytes.dropLast(3)))
    #expect(agree)
    #expect(decoded.frames.count == 2)
    #expect(
      decoded.warning
        == .truncatedFinalBlock(
          byteOffset: bytes.count - simpleBlockLength, presentBytes: simpleBlockLength - 3,
          expectedBytes: simpleBlockLength))
    let inHeader = try decodeCapture(Array(bytes.dropLast(simpleBlockLength - 5)))
    #expect(
      inHeader.warning
        == .truncatedFinalBlock(byteOffset: bytes.count - simpleBlockLength, presentBytes: 5, expectedBytes: 8))
  }

  @Test("corrupt block lengths are errors with their offset")
  func corruptBlocks() throws {
    var mismatched = Self.twoInterfaces(bigEndian: false)
    mismatched[28 + 32 - 4] = 0x99  // trailing length of the first IDB
    #expect(
      throws: PacketCaptureError.corruptBlock(
        blockType: 1, byteOffset: 28, reason: .blockLengthMismatch(leading: 32, trailing: 0x99))
    ) {
      try decodeCapture(mismatched)
    }
    var unaligned = Self.twoInterfaces(bigEndian: true)
    unaligned[28 + 7] = 33
    #expect(throws: PacketCaptureError.corruptBlock(blockType: 1, byteOffset: 28, reason: .invalidBlockLength(33))) {
      try decodeCapture(unaligned)
    }
    var badMagic = Self.twoInterfaces(bigEndian: true)
    badMagic[8] = 0x00
    #expect(
      throws: PacketCaptureError.corruptBlock(
        blockType: 0x0A0D_0D0A, byteOffset: 0, reason: .invalidByteOrderMagic(0x002B_3C4D))
    ) {
      try decodeCapture(badMagic)
    }
  }

  @Test("if_tsresol: powers of ten and of two")
  func timestampResolutions() {
    let micro = PcapngInterface(linkType: .nordicBLE, snapLength: 0)
    #expect(micro.captureTime(timestamp: 1_234_567).microsecondsSinceUnixEpoch == 1_234_567)
    let milli = PcapngInterface(linkType: .nordicBLE, snapLength: 0, timestampResolution: 3)
    #expect(milli.captureTime(timestamp: 1_234).microsecondsSinceUnixEpoch == 1_234_000)
    let binary = PcapngInterface(linkType: .nordicBLE, snapLength: 0, timestampResolution: 0x80 | 20)
    #expect(binary.captureTime(timestamp: 3 << 20 | 1 << 19).microsecondsSinceUnixEpoch == 3_500_000)
    let offset = PcapngInterface(linkType: .nordicBLE, snapLength: 0, timestampOffsetSeconds: 10)
    #expect(offset.captureTime(timestamp: 1).microsecondsSinceUnixEpoch == 10_000_001)
  }

  @Test("not a capture: says what the bytes look like")
  func notACapture() throws {
    #expect(
      throws: PacketCaptureError.notPacketCapture(
        found: Array("btsnoop".utf8) + [0, 0, 0, 0, 1, 0, 0, 0x03, 0xEA], format: .btsnoop)
    ) {
      try decodeCapture(Array("btsnoop".utf8) + [0, 0, 0, 0, 1, 0, 0, 0x03, 0xEA])
    }
    #expect(throws: PacketCaptureError.truncatedFileHeader(presentBytes: 2, expectedBytes: 24)) {
      try decodeCapture([0x0A, 0x0D])
    }
    #expect(throws: PacketCaptureError.truncatedFileHeader(presentBytes: 20, expectedBytes: 28)) {
      try decodeCapture(Array(PCAPBytes.sectionHeader(bigEndian: false).prefix(20)))
    }
  }
}
