/// Where a packet type's length field sits in its header (Core Specification Vol 4, Part E,
/// §5.4): the one table the H4 stream framer and the kernel socket's datagram check share.
public struct HCIPacketHeaderLayout: Hashable, Sendable {
  /// The packet kind as messages name it: `HCI command`, `HCI event`, `HCI ACL data`, …
  public var name: String
  /// The header's length, after the H4 indicator.
  public var headerLength: Int
  /// The length field's offset within the header.
  public var lengthOffset: Int
  /// Whether the length field is two bytes (little-endian) rather than one.
  public var lengthIsTwoBytes: Bool
  /// The bits of the length field that are the length (ISO data keeps flags in the top two).
  public var lengthMask: Int

  /// The layout of `type`'s header, `nil` for types whose length this toolkit cannot tell
  /// (vendor packets, unknown indicators).
  public init?(_ type: HCIPacketType) {
    switch type {
    case .command: self.init("HCI command", header: 3, lengthAt: 2, twoBytes: false, mask: 0xFF)
    case .aclData: self.init("HCI ACL data", header: 4, lengthAt: 2, twoBytes: true, mask: 0xFFFF)
    case .synchronousData: self.init("HCI SCO data", header: 3, lengthAt: 2, twoBytes: false, mask: 0xFF)
    case .event: self.init("HCI event", header: 2, lengthAt: 1, twoBytes: false, mask: 0xFF)
    case .isoData: self.init("HCI ISO data", header: 4, lengthAt: 2, twoBytes: true, mask: 0x3FFF)
    default: return nil
    }
  }

  private init(_ name: String, header: Int, lengthAt offset: Int, twoBytes: Bool, mask: Int) {
    self.name = name
    headerLength = header
    lengthOffset = offset
    lengthIsTwoBytes = twoBytes
    lengthMask = mask
  }

  /// The payload length the header starting at `start` in `bytes` declares; the caller has
  /// checked that the whole header is there.
  public func declaredPayloadLength<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, headerAt start: Int) -> Int
  where Bytes.Index == Int {
    let lengthIndex = start + lengthOffset
    var length = Int(bytes[lengthIndex])
    if lengthIsTwoBytes { length |= Int(bytes[lengthIndex + 1]) << 8 }
    return length & lengthMask
  }
}
