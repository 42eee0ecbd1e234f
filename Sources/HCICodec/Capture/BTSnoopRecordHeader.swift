/// A btsnoop record's header, read by ``BTSnoopDecoder/nextRecordHeader()``: the fields of a
/// ``BTSnoopRecord`` without the data, which stays in the decoder's buffer at ``dataRange`` of
/// ``BTSnoopDecoder/bufferedBytes``. Trivially copyable, so that a reader that makes its own
/// packets from the buffer pays for no slice per record.
public struct BTSnoopRecordHeader: Hashable, Sendable {
  /// 1-based position of the record in its file.
  public var recordNumber: Int
  /// Offset of the record's 24-byte header from the start of the file.
  public var byteOffset: Int
  /// Length of the packet as it was seen.
  public var originalLength: UInt32
  /// Datalink-specific flags (see ``BTSnoopRecord/flags``).
  public var flags: UInt32
  /// Packets lost by the capturing process since the capture started.
  public var cumulativeDrops: UInt32
  /// When the packet was seen.
  public var timestamp: BTSnoopTimestamp
  /// Where the record's data is in ``BTSnoopDecoder/bufferedBytes``, valid until the next
  /// ``BTSnoopDecoder/append(_:)``.
  public var dataRange: Range<Int>

  public init(
    recordNumber: Int, byteOffset: Int, originalLength: UInt32, flags: UInt32, cumulativeDrops: UInt32,
    timestamp: BTSnoopTimestamp, dataRange: Range<Int>
  ) {
    self.recordNumber = recordNumber
    self.byteOffset = byteOffset
    self.originalLength = originalLength
    self.flags = flags
    self.cumulativeDrops = cumulativeDrops
    self.timestamp = timestamp
    self.dataRange = dataRange
  }
}
