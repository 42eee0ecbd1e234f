/// Fragment_Preference of HCI_LE_Set_Extended_Advertising_Data (Core v5.4 Vol 4 Part E §7.8.54).
public struct FragmentPreference: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The controller may fragment all data.
  public static let mayFragment = FragmentPreference(rawValue: 0x00)
  /// The controller should not fragment, or should minimise fragmentation of, host data.
  public static let shouldNotFragment = FragmentPreference(rawValue: 0x01)
}
