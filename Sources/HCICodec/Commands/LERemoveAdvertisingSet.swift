import BluetoothTypes

/// HCI_LE_Remove_Advertising_Set (Core v5.4 Vol 4 Part E §7.8.59): removes an advertising
/// set from the controller. Returns Status.
public struct LERemoveAdvertisingSet: HCICommandWithReturnParameters {
  public typealias ReturnParameters = StatusReturnParameters
  public static let opcode = HCIOpcode(rawValue: 0x203C)

  /// Advertising_Handle.
  public var advertisingHandle: AdvertisingHandle

  public init(advertisingHandle: AdvertisingHandle) { self.advertisingHandle = advertisingHandle }

  public func encodeParameters(into writer: inout ByteWriter) { writer.write(advertisingHandle.rawValue) }

  public init(decodingParameters reader: inout ByteReader) throws(ByteDecodingError) {
    advertisingHandle = AdvertisingHandle(rawValue: try reader.readUInt8("Advertising_Handle"))
  }
}
