import BluetoothTypes

/// HCI_Read_Local_Supported_Commands (Core v5.4 Vol 4 Part E §7.4.2): which HCI commands
/// the controller supports, as a 64-octet bit field. No parameters.
public struct ReadLocalSupportedCommands: HCICommandWithReturnParameters, HCICommandWithoutParameters {
  public static let opcode = HCIOpcode(rawValue: 0x1002)

  public init() {}

  /// The return parameters: 65 octets.
  public struct ReturnParameters: HCIReturnParameters {
    /// Status.
    public var status: HCIStatus
    /// Supported_Commands (64 octets).
    public var supportedCommands: SupportedCommands

    public init(status: HCIStatus, supportedCommands: SupportedCommands) {
      self.status = status
      self.supportedCommands = supportedCommands
    }

    public init(decoding reader: inout ByteReader) throws(ByteDecodingError) {
      status = HCIStatus(rawValue: try reader.readUInt8("Status"))
      supportedCommands = try SupportedCommands(
        octets: reader.readBytes(SupportedCommands.octetCount, "Supported_Commands"))
    }

    public func encode(into writer: inout ByteWriter) {
      writer.write(status.rawValue)
      writer.write(contentsOf: supportedCommands.octets)
    }
  }
}
