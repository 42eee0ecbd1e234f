import BluetoothTypes

/// One record of a btsnoop file, as stored: its header fields and the packet data.
public struct BTSnoopRecord: Hashable, Sendable {
  /// 1-based position of the record in its file, as btmon and Wireshark number frames.
  public var recordNumber: Int
  /// Offset of the record's 24-byte header from the start of the file.
  public var byteOffset: Int
  /// Length of the packet as it was seen; larger than `data.count` if the capture truncated it.
  public var originalLength: UInt32
  /// Datalink-specific flags: direction and packet kind (1001, 1002) or controller index and
  /// monitor opcode (2001).
  public var flags: UInt32
  /// Packets lost by the capturing process since the capture started.
  public var cumulativeDrops: UInt32
  /// When the packet was seen.
  public var timestamp: BTSnoopTimestamp
  /// The packet data that the file includes.
  ///
  /// The decoder hands out slices of its buffer without copying them; copy (`Array(data)`)
  /// what you keep for long, so that the slice does not keep the buffer alive.
  public var data: ArraySlice<UInt8>

  public init(
    recordNumber: Int, byteOffset: Int, originalLength: UInt32, flags: UInt32,
    cumulativeDrops: UInt32, timestamp: BTSnoopTimestamp, data: ArraySlice<UInt8>
  ) {
    self.recordNumber = recordNumber
    self.byteOffset = byteOffset
    self.originalLength = originalLength
    self.flags = flags
    self.cumulativeDrops = cumulativeDrops
    self.timestamp = timestamp
    self.data = data
  }

  /// Whether the capture stored fewer bytes than the packet had.
  public var isTruncated: Bool { data.count < Int(originalLength) }
}
