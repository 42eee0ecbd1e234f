import BluetoothTypes
import HCICodec

/// What a captured frame means to a host listening for advertising reports: an HCI packet,
/// or a reason why it has none.
public enum FrameTranslation: Hashable, Sendable {
  /// The HCI packet the frame holds (HCI link types) or the LE Advertising Report event a
  /// controller would have sent for it (link-layer link types).
  case packet(HCIPacket)
  /// The frame holds nothing a host would have received.
  case skipped(FrameSkipReason)

  /// The packet, if there is one.
  public var packet: HCIPacket? {
    if case .packet(let packet) = self { return packet }
    return nil
  }
}

/// Why a captured frame yields no HCI packet. None of these is an error: sniffers record much
/// that a controller never reports to its host.
public enum FrameSkipReason: Hashable, Sendable {
  /// A Linux monitor record that is not an HCI packet (New Index, System Note, ...); the
  /// value is its monitor opcode.
  case monitorMetadata(opcode: UInt16)
  /// A link-layer packet on a data channel (a connection), not an advertising channel.
  case dataChannelPDU
  /// An advertising-channel PDU that no legacy LE Advertising Report describes: SCAN_REQ,
  /// CONNECT_IND, ADV_EXT_IND and the auxiliary PDUs of extended advertising, reserved types.
  case unreportedPDUType(AdvertisingChannelPDU.PDUType)
  /// The link-layer packet's CRC is wrong (the sniffer said so, or it was recomputed); a
  /// controller drops such packets.
  case crcFailed
  /// The radio packet or the sniffer's header around it cannot be decoded.
  case malformed(ByteDecodingError)
}

extension FrameSkipReason: CustomStringConvertible {
  public var description: String {
    switch self {
    case .monitorMetadata(let opcode): return "Linux monitor metadata (opcode \(opcode))"
    case .dataChannelPDU: return "data-channel PDU"
    case .unreportedPDUType(let type): return "\(type) PDU (not an advertising report)"
    case .crcFailed: return "bad CRC"
    case .malformed(let problem): return "malformed: \(problem)"
    }
  }
}
