import BluetoothTypes
import HCICodec

/// Where a packet came from in its source, for messages that point at the bytes.
public struct PacketOrigin: Hashable, Sendable {
  /// 1-based record (or frame) number, as btmon and Wireshark count them.
  public var recordNumber: Int
  /// Byte offset of the record in its file or stream.
  public var byteOffset: Int

  public init(recordNumber: Int, byteOffset: Int) {
    self.recordNumber = recordNumber
    self.byteOffset = byteOffset
  }
}

/// An HCI packet with the time it was seen: as a capture recorded it, or when it arrived from a
/// live controller; and, from a capture, where it was in the file.
public struct TimedHCIPacket: Hashable, Sendable {
  public var time: Timestamp
  public var packet: HCIPacket
  public var origin: PacketOrigin?

  public init(time: Timestamp, packet: HCIPacket, origin: PacketOrigin? = nil) {
    self.time = time
    self.packet = packet
    self.origin = origin
  }
}
