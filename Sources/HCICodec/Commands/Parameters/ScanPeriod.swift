/// Period of HCI_LE_Set_Extended_Scan_Enable (Core v5.4 Vol 4 Part E §7.8.65), in units of
/// 1.28 s; ``disabled`` (0x0000) scans once for Duration.
public struct ScanPeriod: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// Do not repeat the scan.
  public static let disabled = ScanPeriod(rawValue: 0)

  /// The period nearest to `milliseconds` (rounded to 1.28 s), 1.28 s ... 83 884.8 s.
  public init(milliseconds: Double) throws(HCIParameterError) {
    let units = try unitCount(milliseconds: milliseconds, unit: 1280, range: 1...0xFFFF, field: "Period")
    rawValue = UInt16(truncatingIfNeeded: units)
  }

  /// The period in milliseconds (0 for ``disabled``).
  public var milliseconds: Double { Double(rawValue) * 1280 }
}
