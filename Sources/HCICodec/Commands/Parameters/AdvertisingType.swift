/// Advertising_Type of HCI_LE_Set_Advertising_Parameters (Core v5.4 Vol 4 Part E §7.8.5).
public struct AdvertisingType: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// ADV_IND: connectable and scannable undirected advertising (the default).
  public static let advInd = AdvertisingType(rawValue: 0x00)
  /// ADV_DIRECT_IND, high duty cycle: connectable directed advertising.
  public static let advDirectIndHighDutyCycle = AdvertisingType(rawValue: 0x01)
  /// ADV_SCAN_IND: scannable undirected advertising.
  public static let advScanInd = AdvertisingType(rawValue: 0x02)
  /// ADV_NONCONN_IND: non-connectable undirected advertising (what beacons send).
  public static let advNonconnInd = AdvertisingType(rawValue: 0x03)
  /// ADV_DIRECT_IND, low duty cycle: connectable directed advertising.
  public static let advDirectIndLowDutyCycle = AdvertisingType(rawValue: 0x04)
}
