/// The kernel's number for an HCI device: the N in "hciN" (`hci_dev_info.dev_id`).
///
/// `0xFFFF` is BlueZ's `HCI_DEV_NONE` ("no device") and is never a device index.
public struct HCIDeviceIndex: RawRepresentable, Hashable, Comparable, Sendable {
  public let rawValue: UInt16

  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// BlueZ's `HCI_DEV_NONE`: what a socket bound to no device (the monitor channel) binds to.
  public static let none = HCIDeviceIndex(rawValue: 0xFFFF)

  /// Parses a device as people write it: `hci0` or just `0`.
  ///
  /// Only ASCII decimal digits may follow the optional `hci` prefix: no sign, no spaces,
  /// no hexadecimal. 65535 (`HCI_DEV_NONE`) and anything larger are rejected.
  public init(parsing text: String) throws(HCIDeviceIndexParseError) {
    guard !text.isEmpty else { throw .empty }
    let digits = text.hasPrefix("hci") ? text.dropFirst(3) : Substring(text)
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
      throw .notADeviceName(text)
    }
    guard let value = UInt16(digits), value != UInt16.max else { throw .outOfRange(text) }
    self.init(rawValue: value)
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension HCIDeviceIndex: CustomStringConvertible {
  /// The kernel's name for the device: `hci0`.
  public var description: String { "hci\(rawValue)" }
}
