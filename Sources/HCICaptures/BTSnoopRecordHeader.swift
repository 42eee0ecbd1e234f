/// A btsnoop record's 24-byte header, as stored. ``BTSnoopRecord`` is a header and the packet
/// data; ``BTSnoopDecoder/nextRecordHeader()`` hands out the header alone, with where the data
/// is in the decoder's buffer, for readers that make their own packets from the buffer and so
/// pay for no slice per record. Trivially copyable.
public struct BTSnoopRecordHeader: Hashable, Sendable {
  /// 1-based position of the record in its file, as btmon and Wireshark number frames.
  public var recordNumber: Int
  /// Offset of the record's 24-byte header from the start of the file.
  public var byteOffset: Int
  /// Length of the packet as it was seen; larger than the included data if the capture
  /// truncated it.
  public var originalLength: UInt32
  /// Datalink-specific flags: direction and packet kind (1001, 1002) or controller index and
  /// monitor opcode (2001).
  public var flags: UInt32
  /// Packets lost by the capturing process since the capture started.
  public var cumulativeDrops: UInt32
  /// When the packet was seen.
  public var timestamp: BTSnoopTimestamp

  public init(
    recordNumber: Int, byteOffset: Int, originalLength: UInt32, flags: UInt32, cumulativeDrops: UInt32,
    timestamp: BTSnoopTimestamp
  ) {
    self.recordNumber = recordNumber
    self.byteOffset = byteOffset
    self.originalLength = originalLength
    self.flags = flags
    self.cumulativeDrops = cumulativeDrops
    self.timestamp = timestamp
  }
}
