import BluetoothTypes

/// HCI_Read_Local_Version_Information (Core v5.4 Vol 4 Part E §7.4.1): the controller's
/// HCI and LMP/LL versions and manufacturer. No parameters.
public struct ReadLocalVersionInformation: HCICommandWithReturnParameters, HCICommandWithoutParameters {
  public static let opcode = HCIOpcode(rawValue: 0x1001)

  public init() {}

  /// The return parameters: 9 octets.
  public struct ReturnParameters: HCIReturnParameters {
    /// Status.
    public var status: HCIStatus
    /// HCI_Version: the Core specification version of the HCI (Assigned Numbers).
    public var hciVersion: CoreSpecificationVersion
    /// HCI_Subversion (HCI_Revision before Core v5.3): implementation-specific.
    public var hciSubversion: UInt16
    /// LMP_Version (LMP/PAL_Version before Core v5.3): the LMP or Link Layer version.
    public var lmpVersion: CoreSpecificationVersion
    /// Company_Identifier (Manufacturer_Name before Core v5.3): the controller's
    /// manufacturer, a Bluetooth SIG company identifier.
    public var companyIdentifier: UInt16
    /// LMP_Subversion: implementation-specific.
    public var lmpSubversion: UInt16

    public init(
      status: HCIStatus, hciVersion: CoreSpecificationVersion, hciSubversion: UInt16,
      lmpVersion: CoreSpecificationVersion, companyIdentifier: UInt16, lmpSubversion: UInt16
    ) {
      self.status = status
      self.hciVersion = hciVersion
      self.hciSubversion = hciSubversion
      self.lmpVersion = lmpVersion
      self.companyIdentifier = companyIdentifier
      self.lmpSubversion = lmpSubversion
    }

    public init(decoding reader: inout ByteReader) throws(ByteDecodingError) {
      status = HCIStatus(rawValue: try reader.readUInt8("Status"))
      hciVersion = CoreSpecificationVersion(rawValue: try reader.readUInt8("HCI_Version"))
      hciSubversion = try reader.readUInt16LE("HCI_Subversion")
      lmpVersion = CoreSpecificationVersion(rawValue: try reader.readUInt8("LMP_Version"))
      companyIdentifier = try reader.readUInt16LE("Company_Identifier")
      lmpSubversion = try reader.readUInt16LE("LMP_Subversion")
    }

    public func encode(into writer: inout ByteWriter) {
      writer.write(status.rawValue)
      writer.write(hciVersion.rawValue)
      writer.writeUInt16LE(hciSubversion)
      writer.write(lmpVersion.rawValue)
      writer.writeUInt16LE(companyIdentifier)
      writer.writeUInt16LE(lmpSubversion)
    }
  }
}
