/// Advertising_Handle: identifies an advertising set (Core v5.4 Vol 4 Part E §7.8.53);
/// the spec allows 0x00...0xEF.
public struct AdvertisingHandle: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }
}

extension AdvertisingHandle: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: UInt8) { self.init(rawValue: value) }
}
