import BluetoothTypes

/// HCI_LE_Read_Local_Supported_Features (Core v5.4 Vol 4 Part E §7.8.3): the controller's
/// LE features (page 0). No parameters.
public struct LEReadLocalSupportedFeatures: HCICommandWithReturnParameters, HCICommandWithoutParameters {
  public static let opcode = HCIOpcode(rawValue: 0x2003)

  public init() {}

  /// The return parameters: 9 octets.
  public struct ReturnParameters: HCIReturnParameters {
    /// Status.
    public var status: HCIStatus
    /// LE_Features (8 octets).
    public var leFeatures: LEFeatures

    public init(status: HCIStatus, leFeatures: LEFeatures) {
      self.status = status
      self.leFeatures = leFeatures
    }

    public init(decoding reader: inout ByteReader) throws(ByteDecodingError) {
      status = HCIStatus(rawValue: try reader.readUInt8("Status"))
      leFeatures = LEFeatures(rawValue: try reader.readUInt64LE("LE_Features"))
    }

    public func encode(into writer: inout ByteWriter) {
      writer.write(status.rawValue)
      writer.writeUInt64LE(leFeatures.rawValue)
    }
  }
}
