import BluetoothTypes

/// A Bluetooth Core specification version as coded in HCI_Version and LMP_Version
/// (Assigned Numbers §2.1; Core v5.4 Vol 4 Part E §7.4.1).
public struct CoreSpecificationVersion: RawRepresentable, Hashable, Sendable, Comparable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Core 4.0, the first with LE.
  public static let core40 = CoreSpecificationVersion(rawValue: 0x06)
  /// Core 4.2.
  public static let core42 = CoreSpecificationVersion(rawValue: 0x08)
  /// Core 5.0, the first with extended advertising.
  public static let core50 = CoreSpecificationVersion(rawValue: 0x09)
  /// Core 5.2.
  public static let core52 = CoreSpecificationVersion(rawValue: 0x0B)
  /// Core 5.4.
  public static let core54 = CoreSpecificationVersion(rawValue: 0x0D)

  private static let names = [
    "1.0b", "1.1", "1.2", "2.0+EDR", "2.1+EDR", "3.0+HS", "4.0", "4.1", "4.2", "5.0", "5.1", "5.2", "5.3", "5.4",
    "6.0",
  ]

  /// The version as people write it (`"5.4"`), or `nil` for a code this table does not know.
  public var name: String? {
    Int(rawValue) < Self.names.count ? Self.names[Int(rawValue)] : nil
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension CoreSpecificationVersion: CustomStringConvertible {
  /// `"5.4"`, or `"0x0F"` for an unknown code.
  public var description: String { name ?? "0x" + Hex.encode([rawValue]) }
}
