import BluetoothTypes

/// Why bytes could not be read as a pcap or pcapng capture, or a frame could not be turned
/// into an HCI packet. Every case says where the problem is.
public enum PacketCaptureError: Error, Hashable, Sendable {
  /// The file does not start with a pcap or pcapng magic number; `found` holds its first
  /// bytes (up to 16) and `format` what they look like instead.
  case notPacketCapture(found: [UInt8], format: CaptureFileFormat)
  /// The file (pcap) or section (pcapng) header gives a major version this module cannot
  /// read (pcap 2, pcapng 1).
  case unsupportedVersion(major: UInt16, minor: UInt16, byteOffset: Int)
  /// The input ended inside the pcap file header or the first pcapng section header block.
  case truncatedFileHeader(presentBytes: Int, expectedBytes: Int)
  /// A pcap record header declares a length no valid record can have: the file is damaged,
  /// or is not a sequence of records from this point on.
  case corruptRecord(recordNumber: Int, byteOffset: Int, reason: CorruptionReason)
  /// A pcapng block is malformed. `blockType` is as read (in the section's byte order).
  case corruptBlock(blockType: UInt32, byteOffset: Int, reason: CorruptionReason)
  /// A frame's link type is not one of ``PcapLinkType/supported``.
  case unsupportedLinkType(PcapLinkType, recordNumber: Int, byteOffset: Int)
  /// A frame of an HCI link type is malformed: its pseudo-header or H4 packet indicator is
  /// missing or wrong.
  case malformedFrame(recordNumber: Int, byteOffset: Int, linkType: PcapLinkType, problem: ByteDecodingError)

  /// What is wrong with a corrupt record or block.
  public enum CorruptionReason: Hashable, Sendable {
    /// A pcap record includes more bytes than ``PcapFormat/maximumCapturedLength``.
    case capturedLengthTooLarge(UInt32)
    /// A pcapng block's total length is below 12, not a multiple of 4, or above
    /// ``PcapngFormat/maximumBlockLength``.
    case invalidBlockLength(UInt32)
    /// A pcapng block's trailing length differs from its leading one.
    case blockLengthMismatch(leading: UInt32, trailing: UInt32)
    /// A pcapng block is too short for its fixed fields.
    case blockTooShort(bodyLength: Int, needed: Int)
    /// A pcapng packet block declares more packet bytes than its body holds.
    case capturedLengthExceedsBlock(captured: UInt32, available: Int)
    /// A pcapng packet block names an interface no Interface Description Block declared in
    /// its section.
    case unknownInterface(id: UInt32, interfaceCount: Int)
    /// A pcapng Section Header Block's byte-order magic is neither 0x1A2B3C4D nor its swap.
    case invalidByteOrderMagic(UInt32)
    /// A pcapng option runs past the end of its block.
    case optionOverrun(code: UInt16, length: UInt16)
  }

  /// Offset in the file of the bytes the error is about.
  public var byteOffset: Int {
    switch self {
    case .notPacketCapture: return 0
    case .unsupportedVersion(_, _, let byteOffset): return byteOffset
    case .truncatedFileHeader(let presentBytes, _): return presentBytes
    case .corruptRecord(_, let byteOffset, _): return byteOffset
    case .corruptBlock(_, let byteOffset, _): return byteOffset
    case .unsupportedLinkType(_, _, let byteOffset): return byteOffset
    case .malformedFrame(_, let byteOffset, _, _): return byteOffset
    }
  }
}

extension PacketCaptureError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .notPacketCapture(let found, let format):
      let hex = found.isEmpty ? "no bytes" : Hex.encode(found.prefix(8), separator: " ")
      switch format {
      case .btsnoop: return "not a pcap or pcapng capture but a btsnoop file (starts \(hex))"
      case .pcap, .pcapng: return "not a \(format) capture (starts \(hex))"
      case .unknown(let looksLike): return "not a pcap or pcapng capture: \(looksLike) (starts \(hex))"
      }
    case .unsupportedVersion(let major, let minor, let byteOffset):
      return "unsupported capture format version \(major).\(minor) at byte \(byteOffset)"
    case .truncatedFileHeader(let presentBytes, let expectedBytes):
      return "capture file header is truncated: \(expectedBytes) bytes needed, \(presentBytes) present"
    case .corruptRecord(let recordNumber, let byteOffset, let reason):
      return "record \(recordNumber) at byte \(byteOffset) is corrupt: \(reason)"
    case .corruptBlock(let blockType, let byteOffset, let reason):
      return "pcapng block of type 0x\(String(blockType, radix: 16, uppercase: true)) at byte \(byteOffset) "
        + "is corrupt: \(reason)"
    case .unsupportedLinkType(let linkType, let recordNumber, let byteOffset):
      let supported = PcapLinkType.supported.map(\.description).joined(separator: ", ")
      return "frame \(recordNumber) at byte \(byteOffset) has unsupported link type \(linkType) "
        + "(supported: \(supported))"
    case .malformedFrame(let recordNumber, let byteOffset, let linkType, let problem):
      return "frame \(recordNumber) at byte \(byteOffset) (link type \(linkType)) is malformed: \(problem)"
    }
  }
}

extension PacketCaptureError.CorruptionReason: CustomStringConvertible {
  public var description: String {
    switch self {
    case .capturedLengthTooLarge(let length):
      return "captured length \(length) exceeds the maximum \(PcapFormat.maximumCapturedLength)"
    case .invalidBlockLength(let length):
      return "block length \(length) is not a multiple of 4 between 12 and \(PcapngFormat.maximumBlockLength)"
    case .blockLengthMismatch(let leading, let trailing):
      return "trailing block length \(trailing) differs from leading block length \(leading)"
    case .blockTooShort(let bodyLength, let needed):
      return "block body of \(bodyLength) bytes is shorter than its \(needed) bytes of fixed fields"
    case .capturedLengthExceedsBlock(let captured, let available):
      return "captured length \(captured) exceeds the \(available) bytes the block holds"
    case .unknownInterface(let id, let interfaceCount):
      return "interface \(id) is not declared (the section declares \(interfaceCount))"
    case .invalidByteOrderMagic(let magic):
      return "byte-order magic 0x\(String(magic, radix: 16, uppercase: true)) is not 0x1A2B3C4D"
    case .optionOverrun(let code, let length):
      return "option \(code) of length \(length) runs past the end of the block"
    }
  }
}
