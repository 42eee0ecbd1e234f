/// The capture file formats this module reads, told apart by their first bytes.
///
/// ```swift
/// switch CaptureFileFormat(leadingBytes: firstBytes) {
/// case .btsnoop: ...           // BTSnoopDecoder
/// case .pcap, .pcapng: ...     // PacketCaptureDecoder
/// case .unknown(let looksLike): print("cannot read it: \(looksLike)")
/// }
/// ```
public enum CaptureFileFormat: Hashable, Sendable {
  /// `"btsnoop\0"`: Android HCI snoop logs, `btmon -w`.
  case btsnoop
  /// pcap (libpcap savefile), either byte order, microsecond or nanosecond timestamps.
  case pcap
  /// pcapng, as Wireshark and tshark write by default.
  case pcapng
  /// None of the above; `looksLike` says what the bytes seem to be instead, e.g.
  /// `"a text file"` or `"gzip-compressed: decompress first"`.
  case unknown(looksLike: String)

  /// How many leading bytes ``init(leadingBytes:)`` looks at; pass at least this many (or
  /// the whole file, if it is shorter).
  public static let identifyingByteCount = 16

  /// Identifies a capture from its first bytes (at least ``identifyingByteCount``, or the
  /// whole file if shorter).
  public init(leadingBytes: some Collection<UInt8>) {
    let bytes = Array(leadingBytes.prefix(Self.identifyingByteCount))
    func starts(with magic: [UInt8]) -> Bool { bytes.starts(with: magic) }
    if starts(with: Self.btsnoopMagic) {
      self = .btsnoop
    } else if Self.pcapMagics.contains(where: starts(with:)) {
      self = .pcap
    } else if starts(with: Self.pcapngMagic) {
      self = .pcapng
    } else {
      self = .unknown(looksLike: Self.describeUnknown(bytes))
    }
  }

  private static let btsnoopMagic: [UInt8] = Array("btsnoop".utf8) + [0]
  private static let pcapngMagic: [UInt8] = [0x0A, 0x0D, 0x0D, 0x0A]
  private static let pcapMagics: [[UInt8]] = [
    [0xD4, 0xC3, 0xB2, 0xA1], [0xA1, 0xB2, 0xC3, 0xD4],  // microseconds, little / big endian
    [0x4D, 0x3C, 0xB2, 0xA1], [0xA1, 0xB2, 0x3C, 0x4D],  // nanoseconds
  ]

  /// Well-known leading bytes of files that are not captures, and what to say about them.
  private static let otherSignatures: [(magic: [UInt8], looksLike: String)] = [
    ([0x1F, 0x8B], "gzip-compressed: decompress first"),
    ([0x42, 0x5A, 0x68], "bzip2-compressed: decompress first"),
    ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "xz-compressed: decompress first"),
    ([0x28, 0xB5, 0x2F, 0xFD], "zstd-compressed: decompress first"),
    ([0x50, 0x4B, 0x03, 0x04], "a zip archive: extract the capture from it first"),
    ([0x34, 0xCD, 0xB2, 0xA1], "a modified (Kuznetzov) pcap file, which is not supported: convert it with editcap"),
    ([0xA1, 0xB2, 0xCD, 0x34], "a modified (Kuznetzov) pcap file, which is not supported: convert it with editcap"),
    (Array("snoop".utf8) + [0, 0, 0], "a Solaris snoop file (not btsnoop)"),
  ]

  private static func describeUnknown(_ bytes: [UInt8]) -> String {
    if bytes.isEmpty { return "an empty file" }
    if let match = otherSignatures.first(where: { bytes.starts(with: $0.magic) }) { return match.looksLike }
    // Printable ASCII, tab, CR, LF, or bytes that can occur in UTF-8 text.
    let isText = bytes.allSatisfy {
      $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || (0x20...0x7E).contains($0) || (0x80...0xF4).contains($0)
    }
    if isText && !bytes.contains(where: { $0 == 0xC0 || $0 == 0xC1 }) {
      return "a text file (a capture must be the binary file, not a text export)"
    }
    return "unrecognized binary data"
  }
}

extension CaptureFileFormat: CustomStringConvertible {
  public var description: String {
    switch self {
    case .btsnoop: return "btsnoop"
    case .pcap: return "pcap"
    case .pcapng: return "pcapng"
    case .unknown(let looksLike): return "unknown (\(looksLike))"
    }
  }
}
