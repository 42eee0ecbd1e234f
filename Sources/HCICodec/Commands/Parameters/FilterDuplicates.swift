/// Filter_Duplicates of HCI_LE_Set_Scan_Enable and HCI_LE_Set_Extended_Scan_Enable
/// (Core v5.4 Vol 4 Part E §7.8.11, §7.8.65).
public struct FilterDuplicates: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Report every advertising packet (beacon scanners want this, to see RSSI over time).
  public static let disabled = FilterDuplicates(rawValue: 0x00)
  /// Report each advertiser's packet once until scanning is disabled.
  public static let enabled = FilterDuplicates(rawValue: 0x01)
  /// Extended scanning only: filter duplicates, resetting the filter each scan period.
  public static let resetEachPeriod = FilterDuplicates(rawValue: 0x02)
}
