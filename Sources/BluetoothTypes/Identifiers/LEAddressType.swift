/// The LE address type carried next to an address in HCI events (Core spec Vol 4, Part E, 7.7.65.2).
public struct LEAddressType: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Public Device Address.
  public static let `public` = LEAddressType(rawValue: 0x00)
  /// Random Device Address (static or private).
  public static let random = LEAddressType(rawValue: 0x01)
  /// Public Identity Address (a resolved RPA whose identity is public).
  public static let publicIdentity = LEAddressType(rawValue: 0x02)
  /// Random (static) Identity Address (a resolved RPA whose identity is random).
  public static let randomIdentity = LEAddressType(rawValue: 0x03)
  /// No address provided (anonymous advertisement; extended reports only).
  public static let anonymous = LEAddressType(rawValue: 0xFF)

  /// Whether the address is public or random, folding the identity types into those two.
  /// `nil` for anonymous or reserved values.
  public var isRandom: Bool? {
    switch rawValue {
    case 0x00, 0x02: return false
    case 0x01, 0x03: return true
    default: return nil
    }
  }
}
