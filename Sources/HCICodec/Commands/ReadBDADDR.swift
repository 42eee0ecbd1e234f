import BluetoothTypes

/// HCI_Read_BD_ADDR (Core v5.4 Vol 4 Part E §7.4.6): the controller's public device
/// address. No parameters.
public struct ReadBDADDR: HCICommandWithReturnParameters, HCICommandWithoutParameters {
  public static let opcode = HCIOpcode(rawValue: 0x1009)

  public init() {}

  /// The return parameters: 7 octets.
  public struct ReturnParameters: HCIReturnParameters {
    /// Status.
    public var status: HCIStatus
    /// BD_ADDR: the public address (all zero on an LE-only controller without one).
    public var bdAddr: BluetoothAddress

    public init(status: HCIStatus, bdAddr: BluetoothAddress) {
      self.status = status
      self.bdAddr = bdAddr
    }

    public init(decoding reader: inout ByteReader) throws(ByteDecodingError) {
      status = HCIStatus(rawValue: try reader.readUInt8("Status"))
      bdAddr = try reader.readAddress("BD_ADDR")
    }

    public func encode(into writer: inout ByteWriter) {
      writer.write(status.rawValue)
      writer.write(bdAddr)
    }
  }
}
