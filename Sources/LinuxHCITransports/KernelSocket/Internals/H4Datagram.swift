import BluetoothTypes
import HCICodec

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
  static func checkLength(of bytes: ArraySlice<UInt8>, type: HCIPacketType) throws(ByteDecodingError) {
    guard let layout = HCIPacketHeaderLayout(type) else { return }
    guard bytes.count >= layout.headerLength else {
      throw .truncated(field: "\(layout.name) header", needed: layout.headerLength, available: bytes.count)
    }
    let declared = layout.declaredPayloadLength(in: bytes, headerAt: bytes.startIndex)
    let available = bytes.count - layout.headerLength
    guard declared == available else {
      throw .lengthMismatch(field: layout.name, declared: declared, available: available)
    }
  }
}
