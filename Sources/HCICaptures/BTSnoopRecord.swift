import BluetoothTypes

/// One record of a btsnoop file, as stored: its header fields and the packet data.
public struct BTSnoopRecord: Hashable, Sendable {
  /// The header's fields; each is also a property of the record.
  public var header: BTSnoopRecordHeader
  /// The packet data that the file includes.
  ///
  /// The decoder hands out slices of its buffer without copying them; copy (`Array(data)`)
  /// what you keep for long, so that the slice does not keep the buffer alive.
  public var data: ArraySlice<UInt8>

  public init(header: BTSnoopRecordHeader, data: ArraySlice<UInt8>) {
    self.header = header
    self.data = data
  }

  public init(
    recordNumber: Int, byteOffset: Int, originalLength: UInt32, flags: UInt32,
    cumulativeDrops: UInt32, timestamp: BTSnoopTimestamp, data: ArraySlice<UInt8>
  ) {
    self.init(
      header: BTSnoopRecordHeader(
        recordNumber: recordNumber, byteOffset: byteOffset, originalLength: originalLength, flags: flags,
        cumulativeDrops: cumulativeDrops, timestamp: timestamp),
      data: data)
  }

  public var recordNumber: Int { header.recordNumber }
  public var byteOffset: Int { header.byteOffset }
  public var originalLength: UInt32 { header.originalLength }
  public var flags: UInt32 { header.flags }
  public var cumulativeDrops: UInt32 { header.cumulativeDrops }
  public var timestamp: BTSnoopTimestamp { header.timestamp }

  /// Whether the capture stored fewer bytes than the packet had.
  public var isTruncated: Bool { data.count < Int(originalLength) }
}
