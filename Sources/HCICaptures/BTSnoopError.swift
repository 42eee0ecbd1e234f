import BluetoothTypes

/// Why bytes could not be read as a btsnoop capture. Every case says where the problem is.
public enum BTSnoopError: Error, Hashable, Sendable {
  /// The first 8 bytes are not `"btsnoop\0"`; `found` holds the bytes that are there (up to 8).
  case notBTSnoop(found: [UInt8])
  /// The header's version field (byte 8) is not 1.
  case unsupportedVersion(UInt32)
  /// The header's datalink field (byte 12) names a datalink this module does not read.
  case unsupportedDatalink(UInt32)
  /// The input ended inside the 16-byte file header, after `presentBytes` bytes.
  case truncatedHeader(presentBytes: Int)
  /// A record header declares lengths no valid record can have: the file is damaged, or is
  /// not a sequence of btsnoop records from this point on.
  case corruptRecord(recordNumber: Int, byteOffset: Int, reason: CorruptRecordReason)
  /// An H4 (datalink 1002) record starts with a byte that is not an H4 packet indicator (1–5).
  case unknownPacketType(UInt8, recordNumber: Int, byteOffset: Int)

  /// What is wrong with a corrupt record.
  public enum CorruptRecordReason: Hashable, Sendable {
    /// The record includes more bytes than the packet had.
    case includedLengthExceedsOriginal(included: UInt32, original: UInt32)
    /// The included length is beyond ``BTSnoopFormat/maximumIncludedLength``.
    case includedLengthTooLarge(UInt32)
    /// An H4 record has no bytes, so not even a packet indicator.
    case missingPacketType
  }

  /// Offset in the file of the bytes the error is about.
  public var byteOffset: Int {
    switch self {
    case .notBTSnoop: return 0
    case .unsupportedVersion: return 8
    case .unsupportedDatalink: return 12
    case .truncatedHeader(let presentBytes): return presentBytes
    case .corruptRecord(_, let byteOffset, _): return byteOffset
    case .unknownPacketType(_, _, let byteOffset): return byteOffset
    }
  }
}

extension BTSnoopError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .notBTSnoop(let found):
      return "not a btsnoop capture (byte 0: expected \"btsnoop\\0\", found \(Self.describe(found)))"
        + Self.formatHint(found)
    case .unsupportedVersion(let version):
      return "unsupported btsnoop version \(version) at byte 8 (only version 1 exists)"
    case .unsupportedDatalink(let datalink):
      let supported = BTSnoopDatalink.supported.map(\.description).joined(separator: ", ")
      return "unsupported btsnoop datalink \(datalink) at byte 12 (supported: \(supported))"
    case .truncatedHeader(let presentBytes):
      return "btsnoop file header is truncated at byte \(presentBytes): \(BTSnoopFormat.fileHeaderSize) bytes needed, "
        + "\(presentBytes) present"
    case .corruptRecord(let recordNumber, let byteOffset, let reason):
      return "record \(recordNumber) at byte \(byteOffset) is corrupt: \(reason)"
    case .unknownPacketType(let type, let recordNumber, let byteOffset):
      return "record \(recordNumber) at byte \(byteOffset) has unknown H4 packet type "
        + "0x\(Hex.encode([type])) (expected 0x01...0x05)"
    }
  }

  /// Hex, and the printable ASCII if there is any, e.g. `62 74 (\"bt\")`.
  private static func describe(_ bytes: [UInt8]) -> String {
    guard !bytes.isEmpty else { return "an empty file" }
    let hex = Hex.encode(bytes, separator: " ")
    let ascii = String(
      decoding: bytes.map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: ".") }, as: UTF8.self)
    return "\(hex) \"\(ascii)\""
  }

  /// Names what the bytes seem to be, to save the reader a hex lookup.
  private static func formatHint(_ found: [UInt8]) -> String {
    switch CaptureFileFormat(leadingBytes: found) {
    case .btsnoop: return ""
    case .pcap: return "; this looks like a pcap file"
    case .pcapng: return "; this looks like a pcapng file"
    case .unknown(let looksLike): return "; this looks like \(looksLike)"
    }
  }
}

extension BTSnoopError.CorruptRecordReason: CustomStringConvertible {
  public var description: String {
    switch self {
    case .includedLengthExceedsOriginal(let included, let original):
      return "included length \(included) exceeds original length \(original)"
    case .includedLengthTooLarge(let included):
      return "included length \(included) exceeds the maximum \(BTSnoopFormat.maximumIncludedLength)"
    case .missingPacketType:
      return "H4 record has no packet type byte"
    }
  }
}
