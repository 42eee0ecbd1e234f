import BluetoothTypes

/// HCI_LE_Set_Advertising_Enable (Core v5.4 Vol 4 Part E §7.8.9): starts or stops legacy
/// advertising. Returns Status.
public struct LESetAdvertisingEnable: HCICommandWithReturnParameters {
  public typealias ReturnParameters = StatusReturnParameters
  public static let opcode = HCIOpcode(rawValue: 0x200A)

  /// Advertising_Enable.
  public var advertisingEnable: Bool

  public init(advertisingEnable: Bool) { self.advertisingEnable = advertisingEnable }

  public func encodeParameters(into writer: inout ByteWriter) { writer.write(advertisingEnable) }

  public init(decodingParameters reader: inout ByteReader) throws(ByteDecodingError) {
    advertisingEnable = try reader.readBool("Advertising_Enable")
  }
}
