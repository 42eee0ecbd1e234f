import BluetoothTypes

/// Duration of HCI_LE_Set_Extended_Scan_Enable (Core v5.4 Vol 4 Part E §7.8.65), in units
/// of 10 ms; ``continuous`` (0x0000) scans until disabled.
public struct ScanDuration: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// Scan continuously until scanning is disabled.
  public static let continuous = ScanDuration(rawValue: 0)

  /// The duration nearest to `milliseconds` (rounded to 10 ms), 10 ms ... 655 350 ms.
  public init(milliseconds: Double) throws(HCIParameterError) {
    let units = try unitCount(milliseconds: milliseconds, unit: 10, range: 1...0xFFFF, field: "Duration")
    rawValue = UInt16(truncatingIfNeeded: units)
  }

  /// The duration in milliseconds (0 for ``continuous``).
  public var milliseconds: Double { Double(rawValue) * 10 }
}
