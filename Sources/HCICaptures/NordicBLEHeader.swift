import BluetoothTypes

/// The header the nRF Sniffer for Bluetooth LE puts before each link-layer packet in
/// `LINKTYPE_NORDIC_BLE` (272) frames, protocol versions 1 to 3 (as Wireshark's
/// `nordic_ble` dissector reads them). Multi-byte fields are little-endian.
///
/// ```
/// Board UInt8 |
///   version 1:    Header_Length UInt8 | Payload_Length UInt8
///   versions 2-3: Payload_Length UInt16
/// Protocol_Version UInt8 | Packet_Counter UInt16 | Packet_ID UInt8 |
/// Packet_Header_Length UInt8 (10) | Flags UInt8 | Channel UInt8 | RSSI UInt8 (-dBm) |
/// Event_Counter UInt16 | Timestamp UInt32 (v3: µs; v1-2: µs since the previous packet ended)
/// ```
/// then the link-layer packet (access address, PDU, CRC), which starts
/// `Packet_Header_Length` bytes after the Packet_Header_Length field.
///
/// The legacy format of sniffer firmware before 1.0 (starting `BE EF`) is not read.
public struct NordicBLEHeader: Hashable, Sendable {
  /// The protocol versions this type reads.
  public static let supportedProtocolVersions: ClosedRange<UInt8> = 1...3

  /// The field name in the ``ByteDecodingError`` thrown for an unsupported protocol version.
  public static let protocolVersionField = "nRF Sniffer Protocol_Version"

  public var boardID: UInt8
  public var protocolVersion: UInt8
  public var packetCounter: UInt16
  /// 0x02 for an advertising-channel PDU and 0x06 for a data-channel PDU in version 3; 0x06
  /// for every packet in earlier versions.
  public var packetID: UInt8
  /// Bit 0: CRC OK. Bits 4-6: PHY. The other bits depend on the channel kind.
  public var flags: UInt8
  public var channel: UInt8
  /// The RSSI byte as stored: the signal strength is minus this many dBm.
  public var rssiMagnitude: UInt8
  public var eventCounter: UInt16
  public var timestamp: UInt32
  /// Offset of the link-layer packet from the start of the frame.
  public var linkLayerPacketOffset: Int

  /// Reads the header of a whole frame.
  ///
  /// - Throws: ``ByteDecodingError/invalidValue(field:value:)`` for a protocol version outside
  ///   ``supportedProtocolVersions``, ``ByteDecodingError/lengthMismatch(field:declared:available:)``
  ///   if the lengths do not add up to the frame's, or ``ByteDecodingError/truncated(field:needed:available:)``.
  public init(decoding frame: ArraySlice<UInt8>) throws(ByteDecodingError) {
    var reader = ByteReader(frame)
    boardID = try reader.readUInt8("Board")
    var peek = reader
    _ = try peek.readUInt16LE("Payload_Length")
    protocolVersion = try peek.readUInt8("Protocol_Version")
    guard Self.supportedProtocolVersions.contains(protocolVersion) else {
      throw .invalidValue(field: Self.protocolVersionField, value: UInt64(protocolVersion))
    }
    let declaredLength: Int
    if protocolVersion == 1 {
      let headerLength = Int(try reader.readUInt8("Header_Length"))
      declaredLength = 1 + headerLength + Int(try reader.readUInt8("Payload_Length"))
    } else {
      declaredLength = 1 + 6 + Int(try reader.readUInt16LE("Payload_Length"))
    }
    guard declaredLength == frame.count else {
      throw .lengthMismatch(field: "nRF Sniffer Payload_Length", declared: declaredLength, available: frame.count)
    }
    _ = try reader.readUInt8("Protocol_Version")
    packetCounter = try reader.readUInt16LE("Packet_Counter")
    packetID = try reader.readUInt8("Packet_ID")
    let packetHeaderStart = reader.consumedCount
    let packetHeaderLength = Int(try reader.readUInt8("Packet_Header_Length"))
    guard packetHeaderLength >= 10 else {
      throw .invalidValue(field: "nRF Sniffer Packet_Header_Length", value: UInt64(packetHeaderLength))
    }
    flags = try reader.readUInt8("Flags")
    channel = try reader.readUInt8("Channel")
    rssiMagnitude = try reader.readUInt8("RSSI")
    eventCounter = try reader.readUInt16LE("Event_Counter")
    timestamp = try reader.readUInt32LE("Timestamp")
    linkLayerPacketOffset = packetHeaderStart + packetHeaderLength
    guard linkLayerPacketOffset <= frame.count else {
      throw .truncated(
        field: "nRF Sniffer packet header", needed: linkLayerPacketOffset - reader.consumedCount,
        available: reader.remainingCount)
    }
  }

  /// Whether the sniffer found the CRC valid (it checks every packet).
  public var crcIsValid: Bool { flags & 0x01 != 0 }

  /// Whether version 3 marks the packet as a data-channel PDU.
  public var isDataChannelPDU: Bool { protocolVersion >= 3 && packetID == 0x06 }

  /// The signal strength in dBm, limited to the -127 dBm an HCI report can carry.
  public var rssi: Int8 { Int8(max(-127, -Int(rssiMagnitude))) }
}
