import BluetoothTypes

/// Why an H4 byte stream (the UART transport, Core spec Vol 4, Part A) could not be split
/// into packets. Once it is thrown the stream is out of step: the decoder cannot tell where
/// the next packet starts, so it keeps throwing the same error.
public enum H4FramingError: Error, Hashable, Sendable {
  /// The byte at `offset` (counted from the start of the stream) should be a packet
  /// indicator, 0x01 to 0x05, but is `indicator`.
  case unknownPacketIndicator(UInt8, offset: Int)
  /// The packet that starts at `offset` declares `length` bytes after its indicator, more
  /// than the decoder's `maximum`.
  case packetTooLong(HCIPacketType, length: Int, maximum: Int, offset: Int)
}

extension H4FramingError: CustomStringConvertible {
  /// What is wrong with the stream; what to do about it depends on the transport, and is the
  /// transport's to say.
  public var description: String {
    switch self {
    case .unknownPacketIndicator(let indicator, let offset):
      return "byte 0x\(Self.hex(indicator)) at stream offset \(offset) is not an H4 packet indicator "
        + "(0x01 command, 0x02 ACL, 0x03 SCO, 0x04 event, 0x05 ISO): the H4 stream is out of step"
    case .packetTooLong(let type, let length, let maximum, let offset):
      return "the H4 packet at stream offset \(offset) (indicator 0x\(Self.hex(type.rawValue))) declares "
        + "\(length) byte(s), more than the \(maximum) this decoder accepts: the H4 stream is out of step"
    }
  }

  private static func hex(_ byte: UInt8) -> String { Hex.encode([byte]) }
}
