/// LE_Scan_Interval / LE_Scan_Window (Core v5.4 Vol 4 Part E §7.8.10) and
/// Scan_Interval[i] / Scan_Window[i] (§7.8.64), in units of 0.625 ms.
///
/// HCI_LE_Set_Scan_Parameters allows 0x0004...0x4000 (2.5 ms ... 10.24 s);
/// HCI_LE_Set_Extended_Scan_Parameters allows 0x0004...0xFFFF (2.5 ms ... 40.959375 s).
/// The window must not exceed the interval; the controller checks that.
public struct ScanInterval: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// The length of one unit in milliseconds.
  public static let unitMilliseconds = 0.625
  /// The range HCI_LE_Set_Scan_Parameters allows, in units.
  public static let legacyRange: ClosedRange<UInt16> = 0x0004...0x4000
  /// The range HCI_LE_Set_Extended_Scan_Parameters allows, in units.
  public static let extendedRange: ClosedRange<UInt16> = 0x0004...0xFFFF

  /// The interval nearest to `milliseconds` (rounded to the nearest 0.625 ms unit).
  /// Throws ``HCIParameterError/outOfRange(field:milliseconds:allowed:)`` outside `range`
  /// (by default the legacy command's range, which both commands accept).
  public init(milliseconds: Double, range: ClosedRange<UInt16> = ScanInterval.legacyRange)
    throws(HCIParameterError)
  {
    let units = try unitCount(
      milliseconds: milliseconds, unit: Self.unitMilliseconds,
      range: UInt32(range.lowerBound)...UInt32(range.upperBound), field: "LE_Scan_Interval")
    rawValue = UInt16(truncatingIfNeeded: units)
  }

  /// The interval in milliseconds.
  public var milliseconds: Double { Double(rawValue) * Self.unitMilliseconds }
}
