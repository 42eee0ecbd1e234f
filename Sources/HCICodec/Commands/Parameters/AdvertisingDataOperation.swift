/// Operation of HCI_LE_Set_Extended_Advertising_Data (Core v5.4 Vol 4 Part E §7.8.54).
public struct AdvertisingDataOperation: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Intermediate fragment of fragmented extended advertising data.
  public static let intermediateFragment = AdvertisingDataOperation(rawValue: 0x00)
  /// First fragment of fragmented extended advertising data.
  public static let firstFragment = AdvertisingDataOperation(rawValue: 0x01)
  /// Last fragment of fragmented extended advertising data.
  public static let lastFragment = AdvertisingDataOperation(rawValue: 0x02)
  /// Complete extended advertising data.
  public static let complete = AdvertisingDataOperation(rawValue: 0x03)
  /// Unchanged data: just update the Advertising DID.
  public static let unchangedData = AdvertisingDataOperation(rawValue: 0x04)
}
