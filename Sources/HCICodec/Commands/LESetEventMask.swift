import BluetoothTypes

/// HCI_LE_Set_Event_Mask (Core v5.4 Vol 4 Part E §7.8.1): which LE Meta subevents the
/// controller may generate. Returns Status.
public struct LESetEventMask: HCICommandWithReturnParameters {
  public typealias ReturnParameters = StatusReturnParameters
  public static let opcode = HCIOpcode(rawValue: 0x2001)

  /// LE_Event_Mask (8 octets).
  public var leEventMask: LEEventMask

  public init(leEventMask: LEEventMask) { self.leEventMask = leEventMask }

  public func encodeParameters(into writer: inout ByteWriter) {
    writer.writeUInt64LE(leEventMask.rawValue)
  }

  public init(decodingParameters reader: inout ByteReader) throws(ByteDecodingError) {
    leEventMask = LEEventMask(rawValue: try reader.readUInt64LE("LE_Event_Mask"))
  }
}
