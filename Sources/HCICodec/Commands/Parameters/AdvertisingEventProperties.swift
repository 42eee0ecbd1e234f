/// Advertising_Event_Properties of HCI_LE_Set_Extended_Advertising_Parameters
/// (Core v5.4 Vol 4 Part E §7.8.53), a 2-octet bit field.
///
/// With ``useLegacyPDUs`` only the combinations the spec lists for legacy PDUs are allowed;
/// they are provided as ``advInd``, ``advDirectIndLowDutyCycle``,
/// ``advDirectIndHighDutyCycle``, ``advScanInd`` and ``advNonconnInd``.
public struct AdvertisingEventProperties: OptionSet, Hashable, Sendable {
  public let rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// Bit 0: connectable advertising.
  public static let connectable = AdvertisingEventProperties(rawValue: 1 << 0)
  /// Bit 1: scannable advertising.
  public static let scannable = AdvertisingEventProperties(rawValue: 1 << 1)
  /// Bit 2: directed advertising.
  public static let directed = AdvertisingEventProperties(rawValue: 1 << 2)
  /// Bit 3: high duty cycle directed connectable advertising (≤ 3.75 ms interval).
  public static let highDutyCycleDirectedConnectable = AdvertisingEventProperties(rawValue: 1 << 3)
  /// Bit 4: use legacy advertising PDUs.
  public static let useLegacyPDUs = AdvertisingEventProperties(rawValue: 1 << 4)
  /// Bit 5: omit the advertiser's address from all PDUs ("anonymous advertising").
  public static let omitAdvertiserAddress = AdvertisingEventProperties(rawValue: 1 << 5)
  /// Bit 6: include TxPower in the extended header of at least one PDU.
  public static let includeTxPower = AdvertisingEventProperties(rawValue: 1 << 6)

  /// Legacy ADV_IND (0x0013).
  public static let advInd: AdvertisingEventProperties = [.useLegacyPDUs, .scannable, .connectable]
  /// Legacy ADV_DIRECT_IND, low duty cycle (0x0015).
  public static let advDirectIndLowDutyCycle: AdvertisingEventProperties = [
    .useLegacyPDUs, .directed, .connectable,
  ]
  /// Legacy ADV_DIRECT_IND, high duty cycle (0x001D).
  public static let advDirectIndHighDutyCycle: AdvertisingEventProperties = [
    .useLegacyPDUs, .highDutyCycleDirectedConnectable, .directed, .connectable,
  ]
  /// Legacy ADV_SCAN_IND (0x0012).
  public static let advScanInd: AdvertisingEventProperties = [.useLegacyPDUs, .scannable]
  /// Legacy ADV_NONCONN_IND (0x0010).
  public static let advNonconnInd: AdvertisingEventProperties = [.useLegacyPDUs]
}
