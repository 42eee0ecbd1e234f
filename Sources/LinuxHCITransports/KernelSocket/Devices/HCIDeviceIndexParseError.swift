/// Why a string does not name an HCI device.
public enum HCIDeviceIndexParseError: Error, Hashable, Sendable {
  /// The string is empty.
  case empty
  /// The string is neither `hciN` nor `N` with decimal digits.
  case notADeviceName(String)
  /// The number is 65535 (`HCI_DEV_NONE`) or larger.
  case outOfRange(String)
}

extension HCIDeviceIndexParseError: CustomStringConvertible {
  public var description: String {
    let advice = "write a device as hci0 or 0 (list them with `hciconfig` or `btmgmt info`)"
    switch self {
    case .empty:
      return "no HCI device given: \(advice)"
    case .notADeviceName(let text):
      return "'\(text)' is not an HCI device: \(advice)"
    case .outOfRange(let text):
      return "'\(text)' is out of range: device numbers go from 0 to 65534; \(advice)"
    }
  }
}
