import BluetoothTypes

/// Advertising_Interval_Min / Advertising_Interval_Max of HCI_LE_Set_Advertising_Parameters
/// (Core v5.4 Vol 4 Part E §7.8.5), in units of 0.625 ms.
///
/// The spec allows 0x0020...0x4000 (20 ms ... 10.24 s). ``init(rawValue:)`` accepts any
/// value (decoders keep what was on the wire); ``init(milliseconds:)`` checks the range.
public struct AdvertisingInterval: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// The length of one unit in milliseconds.
  public static let unitMilliseconds = 0.625
  /// The range the spec allows, in units.
  public static let allowedRange: ClosedRange<UInt16> = 0x0020...0x4000

  /// The interval nearest to `milliseconds` (rounded to the nearest 0.625 ms unit).
  /// Throws ``HCIParameterError/outOfRange(field:milliseconds:allowed:)`` outside 20 ms ... 10 240 ms.
  public init(milliseconds: Double) throws(HCIParameterError) {
    let units = try unitCount(
      milliseconds: milliseconds, unit: Self.unitMilliseconds,
      range: UInt32(Self.allowedRange.lowerBound)...UInt32(Self.allowedRange.upperBound),
      field: "Advertising_Interval")
    rawValue = UInt16(truncatingIfNeeded: units)
  }

  /// The interval in milliseconds.
  public var milliseconds: Double { Double(rawValue) * Self.unitMilliseconds }

  /// The interval as a duration: exact, 625 µs a unit.
  public var duration: Duration { .microseconds(Int64(rawValue) * 625) }

  /// 100 ms, a common beacon interval.
  public static let hundredMilliseconds = AdvertisingInterval(rawValue: 0x00A0)
}
