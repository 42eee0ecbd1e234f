/// Writes ``HCIPacket``s as an H4 byte stream (the UART transport, Core spec Vol 4, Part A, 2):
/// the packet indicator byte, then the packet. ``H4StreamDecoder`` reads them back.
public enum H4Encoder {
  /// The packet's H4 bytes: its type as the indicator, then its header and payload.
  public static func encode(_ packet: HCIPacket) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(packet.bytes.count + 1)
    bytes.append(packet.type.rawValue)
    bytes.append(contentsOf: packet.bytes)
    return bytes
  }
}
