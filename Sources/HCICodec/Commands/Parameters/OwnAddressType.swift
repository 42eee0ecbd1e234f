/// Own_Address_Type of the scanning and advertising commands
/// (Core v5.4 Vol 4 Part E §7.8.5, §7.8.10, §7.8.53, §7.8.64).
public struct OwnAddressType: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Public Device Address.
  public static let `public` = OwnAddressType(rawValue: 0x00)
  /// Random Device Address (set with HCI_LE_Set_Random_Address or, for advertising sets,
  /// HCI_LE_Set_Advertising_Set_Random_Address).
  public static let random = OwnAddressType(rawValue: 0x01)
  /// A resolvable private address from the resolving list, else the public address.
  public static let resolvableOrPublic = OwnAddressType(rawValue: 0x02)
  /// A resolvable private address from the resolving list, else the random address.
  public static let resolvableOrRandom = OwnAddressType(rawValue: 0x03)
}
