import BluetoothTypes

/// A Bluetooth LE link-layer packet as sniffers record it, without preamble (Core spec Vol 6,
/// Part B, 2.1): access address, PDU (a 2-byte header and its payload), CRC.
///
/// The PDU header's second byte is the payload length on both channel kinds (8 bits since
/// Bluetooth 4.2 on data channels, since 5.0 on advertising channels).
public struct LinkLayerPacket: Hashable, Sendable {
  /// The access address of every advertising-channel packet.
  public static let advertisingAccessAddress: UInt32 = 0x8E89_BED6

  /// The access address, read little-endian.
  public var accessAddress: UInt32
  /// The PDU: its 2-byte header and the payload the header's length announces.
  public var pdu: ArraySlice<UInt8>
  /// The CRC as its three bytes appear, read little-endian (compare with ``LinkLayerCRC``).
  public var crc: UInt32

  /// Decodes a packet. Bytes after the CRC (which some sniffers leave) are ignored.
  ///
  /// - Throws: ``ByteDecodingError/truncated(field:needed:available:)`` if the bytes end
  ///   before the CRC.
  public init(decoding bytes: ArraySlice<UInt8>) throws(ByteDecodingError) {
    var reader = ByteReader(bytes)
    accessAddress = try reader.readUInt32LE("Access Address")
    let start = reader.position
    _ = try reader.readUInt8("PDU Header")
    let length = Int(try reader.readUInt8("PDU Header Length"))
    _ = try reader.readBytes(length, "PDU Payload")
    pdu = bytes[start..<reader.position]
    crc = try reader.readUInt24LE("CRC")
  }

  /// Whether this packet was sent on an advertising channel (primary or secondary).
  public var isAdvertisingChannel: Bool { accessAddress == Self.advertisingAccessAddress }

  /// The payload after the 2-byte PDU header.
  public var payload: ArraySlice<UInt8> { pdu.dropFirst(2) }

  /// Whether the CRC matches the PDU. Only advertising-channel CRCs can be checked here: a
  /// connection's CRCInit is in the CONNECT_IND that created it. `nil` for data channels.
  public var hasValidAdvertisingCRC: Bool? {
    guard isAdvertisingChannel else { return nil }
    return LinkLayerCRC.compute(pdu) == crc
  }
}
