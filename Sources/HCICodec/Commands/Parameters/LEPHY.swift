/// A PHY as named by Primary_Advertising_PHY and Secondary_Advertising_PHY
/// (Core v5.4 Vol 4 Part E §7.8.53) and by an extended advertising report's Primary_PHY and
/// Secondary_PHY (§7.7.65.13); a value the specification does not name is kept as it came.
///
/// The primary advertising PHY can only be ``le1M`` or ``leCoded``.
public struct LEPHY: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// No packets on the secondary advertising channel (a report's Secondary_PHY only).
  public static let none = LEPHY(rawValue: 0x00)
  /// LE 1M.
  public static let le1M = LEPHY(rawValue: 0x01)
  /// LE 2M (secondary advertising PHY only).
  public static let le2M = LEPHY(rawValue: 0x02)
  /// LE Coded.
  public static let leCoded = LEPHY(rawValue: 0x03)
}
