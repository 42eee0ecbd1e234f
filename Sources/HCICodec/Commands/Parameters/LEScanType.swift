/// LE_Scan_Type (Core v5.4 Vol 4 Part E §7.8.10) and Scan_Type[i] (§7.8.64).
public struct LEScanType: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Passive scanning: no scan requests are sent.
  public static let passive = LEScanType(rawValue: 0x00)
  /// Active scanning: scan requests may be sent to get scan responses.
  public static let active = LEScanType(rawValue: 0x01)
}
