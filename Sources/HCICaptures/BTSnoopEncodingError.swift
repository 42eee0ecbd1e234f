import BluetoothTypes
import HCICodec

/// Why a packet cannot be written to a btsnoop file.
public enum BTSnoopEncodingError: Error, Hashable, Sendable {
  /// The datalink has no way to mark this packet type (for example SCO or ISO data in a
  /// 1001 file, whose flags only tell commands/events from ACL), or the type is not one of
  /// the five H4 packet types.
  case packetTypeNotRepresentable(HCIPacketType, datalink: BTSnoopDatalink)
  /// The packet is longer than ``BTSnoopFormat/maximumIncludedLength`` allows.
  case packetTooLarge(byteCount: Int)
}

extension BTSnoopEncodingError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .packetTypeNotRepresentable(let type, let datalink):
      return "a btsnoop \(datalink) file cannot hold an HCI packet of type 0x\(Hex.encode([type.rawValue]))"
    case .packetTooLarge(let byteCount):
      return "an HCI packet of \(byteCount) bytes exceeds the btsnoop record limit of "
        + "\(BTSnoopFormat.maximumIncludedLength) bytes"
    }
  }
}
