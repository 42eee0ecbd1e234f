/// Primary_Advertising_Interval_Min / Primary_Advertising_Interval_Max of
/// HCI_LE_Set_Extended_Advertising_Parameters (Core v5.4 Vol 4 Part E §7.8.53): a 3-octet
/// value in units of 0.625 ms.
///
/// The spec allows 0x000020...0xFFFFFF (20 ms ... about 10 485.76 s). The initialiser from a
/// raw value keeps only the low 24 bits, so every value of this type fits the field.
public struct ExtendedAdvertisingInterval: RawRepresentable, Hashable, Sendable {
  /// The 24-bit value; the top byte is always zero.
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue & 0x00FF_FFFF }

  /// The length of one unit in milliseconds.
  public static let unitMilliseconds = 0.625
  /// The range the spec allows, in units.
  public static let allowedRange: ClosedRange<UInt32> = 0x00_0020...0xFF_FFFF

  /// The interval nearest to `milliseconds` (rounded to the nearest 0.625 ms unit).
  /// Throws ``HCIParameterError/outOfRange(field:milliseconds:allowed:)`` outside the spec's range.
  public init(milliseconds: Double) throws(HCIParameterError) {
    rawValue = try unitCount(
      milliseconds: milliseconds, unit: Self.unitMilliseconds, range: Self.allowedRange,
      field: "Primary_Advertising_Interval")
  }

  /// The same interval as a legacy ``AdvertisingInterval``.
  public init(_ interval: AdvertisingInterval) { self.init(rawValue: UInt32(interval.rawValue)) }

  /// The interval in milliseconds.
  public var milliseconds: Double { Double(rawValue) * Self.unitMilliseconds }
}
