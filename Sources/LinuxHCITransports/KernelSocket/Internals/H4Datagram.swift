import HCICodec
import BluetoothTypes
import HCITransportCore

/// Decodes one datagram as the raw and user HCI channels deliver it: the H4 packet
/// indicator byte, then the packet.
///
/// The header's length field of commands, events, ACL, SCO and ISO data is checked against
/// the bytes that arrived, so later decoders can trust it; other packet types (vendor
/// packets, 0xFF) pass through unchecked. Commands travel from host to controller, every
/// other type is taken to travel from controller to host (the socket does not say, since
/// `HCI_DATA_DIR` is not enabled).
enum H4Datagram {
  static func decode(_ datagram: [UInt8]) throws(HCISocketError) -> HCIPacket {
    guard let indicator = datagram.first else { throw .emptyRead }
    let type = HCIPacketType(rawValue: indicator)
    let bytes = datagram[1...]
    do throws(ByteDecodingError) {
      try checkLength(of: bytes, type: type)
    } catch {
      throw .malformedPacket(error)
    }
    let direction: HCIPacketDirection = type == .command ? .hostToController : .controllerToHost
    return HCIPacket(type: type, direction: direction, bytes: bytes)
  }

  /// Checks that the header's parameter or data length matches the bytes after the header.
  private static func checkLength(of bytes: ArraySlice<UInt8>, type: HCIPacketType) throws(ByteDecodingError) {
    var reader = ByteReader(bytes)
    let field: String
    let declared: Int
    switch type {
    case .command:
      field = "HCI command"
      _ = try reader.readUInt16LE("HCI command opcode")
      declared = Int(try reader.readUInt8("HCI command parameter length"))
    case .event:
      field = "HCI event"
      _ = try reader.readUInt8("HCI event code")
      declared = Int(try reader.readUInt8("HCI event parameter length"))
    case .aclData:
      field = "HCI ACL data"
      _ = try reader.readUInt16LE("HCI ACL handle and flags")
      declared = Int(try reader.readUInt16LE("HCI ACL data length"))
    case .synchronousData:
      field = "HCI SCO data"
      _ = try reader.readUInt16LE("HCI SCO handle and flags")
      declared = Int(try reader.readUInt8("HCI SCO data length"))
    case .isoData:
      field = "HCI ISO data"
      _ = try reader.readUInt16LE("HCI ISO handle and flags")
      declared = Int(try reader.readUInt16LE("HCI ISO data load length") & 0x3FFF)
    default:
      return
    }
    guard declared == reader.remainingCount else {
      throw .lengthMismatch(field: field, declared: declared, available: reader.remainingCount)
    }
  }
}
