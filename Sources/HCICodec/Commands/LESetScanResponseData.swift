import BluetoothTypes

/// HCI_LE_Set_Scan_Response_Data (Core v5.4 Vol 4 Part E §7.8.8): the data in legacy scan
/// responses. Returns Status.
///
/// Always 32 parameter octets: Scan_Response_Data_Length, then 31 octets of which the first
/// Scan_Response_Data_Length are significant and the rest zero.
public struct LESetScanResponseData: HCICommandWithReturnParameters {
  public typealias ReturnParameters = StatusReturnParameters
  public static let opcode = HCIOpcode(rawValue: 0x2009)

  /// Scan_Response_Data_Length and Scan_Response_Data (the significant part, at most 31 octets).
  public var scanResponseData: LegacyAdvertisingPayload

  public init(scanResponseData: LegacyAdvertisingPayload) { self.scanResponseData = scanResponseData }

  /// Throws ``HCIParameterError/tooLong(field:count:maximum:)`` for more than 31 bytes.
  public init(scanResponseData: AdvertisingData) throws(HCIParameterError) {
    self.scanResponseData = try LegacyAdvertisingPayload(scanResponseData)
  }

  public func encodeParameters(into writer: inout ByteWriter) { scanResponseData.encode(into: &writer) }

  public init(decodingParameters reader: inout ByteReader) throws(ByteDecodingError) {
    scanResponseData = try LegacyAdvertisingPayload(decoding: &reader, field: "Scan_Response_Data")
  }
}
