/// Something odd at the end of a pcap or pcapng capture that does not stop it being read.
public enum PacketCaptureWarning: Hashable, Sendable {
  /// The input ended inside the last pcap record (a capture still being written, or a copy cut
  /// short). Every record before it was read.
  ///
  /// `presentBytes` counts the record's bytes that are there, header included;
  /// `expectedBytes` is the whole record's size when its 16-byte header is complete, and
  /// otherwise 16.
  case truncatedFinalRecord(recordNumber: Int, byteOffset: Int, presentBytes: Int, expectedBytes: Int)
  /// The input ended inside the last pcapng block. Every block before it was read.
  ///
  /// `expectedBytes` is the block's total length when its 8-byte type and length have
  /// arrived, and otherwise 8.
  case truncatedFinalBlock(byteOffset: Int, presentBytes: Int, expectedBytes: Int)
}

extension PacketCaptureWarning: CustomStringConvertible {
  public var description: String {
    switch self {
    case .truncatedFinalRecord(let recordNumber, let byteOffset, let presentBytes, let expectedBytes):
      return "record \(recordNumber) at byte \(byteOffset) is truncated (\(presentBytes) of "
        + "\(expectedBytes) bytes present) and was skipped; the capture was probably cut short"
    case .truncatedFinalBlock(let byteOffset, let presentBytes, let expectedBytes):
      return "the pcapng block at byte \(byteOffset) is truncated (\(presentBytes) of "
        + "\(expectedBytes) bytes present) and was skipped; the capture was probably cut short"
    }
  }
}
