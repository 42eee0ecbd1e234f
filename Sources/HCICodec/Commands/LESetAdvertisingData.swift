import BluetoothTypes

/// HCI_LE_Set_Advertising_Data (Core v5.4 Vol 4 Part E §7.8.7): the data in legacy
/// advertising packets. Returns Status.
///
/// Always 32 parameter octets: Advertising_Data_Length, then 31 octets of which the first
/// Advertising_Data_Length are significant and the rest zero.
public struct LESetAdvertisingData: HCICommandWithReturnParameters {
  public typealias ReturnParameters = StatusReturnParameters
  public static let opcode = HCIOpcode(rawValue: 0x2008)

  /// Advertising_Data_Length and Advertising_Data (the significant part, at most 31 octets).
  public var advertisingData: LegacyAdvertisingPayload

  public init(advertisingData: LegacyAdvertisingPayload) { self.advertisingData = advertisingData }

  /// Throws ``HCIParameterError/tooLong(field:count:maximum:)`` for more than 31 bytes.
  public init(advertisingData: AdvertisingData) throws(HCIParameterError) {
    self.advertisingData = try LegacyAdvertisingPayload(advertisingData)
  }

  public func encodeParameters(into writer: inout ByteWriter) { advertisingData.encode(into: &writer) }

  public init(decodingParameters reader: inout ByteReader) throws(ByteDecodingError) {
    advertisingData = try LegacyAdvertisingPayload(decoding: &reader, field: "Advertising_Data")
  }
}
