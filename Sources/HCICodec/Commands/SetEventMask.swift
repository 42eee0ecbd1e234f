import BluetoothTypes

/// HCI_Set_Event_Mask (Core v5.4 Vol 4 Part E §7.3.1): which events the controller may
/// generate. Returns Status.
public struct SetEventMask: HCICommandWithReturnParameters {
  public typealias ReturnParameters = StatusReturnParameters
  public static let opcode = HCIOpcode(rawValue: 0x0C01)

  /// Event_Mask (8 octets).
  public var eventMask: EventMask

  public init(eventMask: EventMask) { self.eventMask = eventMask }

  public func encodeParameters(into writer: inout ByteWriter) {
    writer.writeUInt64LE(eventMask.rawValue)
  }

  public init(decodingParameters reader: inout ByteReader) throws(ByteDecodingError) {
    eventMask = EventMask(rawValue: try reader.readUInt64LE("Event_Mask"))
  }
}
