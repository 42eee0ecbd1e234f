/// What kind of controller a device is (`HCI_PRIMARY`, `HCI_AMP`; bits 4–5 of
/// `hci_dev_info.type`).
public struct HCIControllerType: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// `HCI_PRIMARY` (formerly `HCI_BREDR`): a BR/EDR and/or LE controller.
  public static let primary = HCIControllerType(rawValue: 0)
  /// `HCI_AMP`: an Alternate MAC/PHY controller.
  public static let amp = HCIControllerType(rawValue: 1)
}

extension HCIControllerType: CustomStringConvertible {
  /// The name `hciconfig` prints: `Primary`, `AMP`; `UNKNOWN(n)` for other values.
  public var description: String {
    switch self {
    case .primary: return "Primary"
    case .amp: return "AMP"
    default: return "UNKNOWN(\(rawValue))"
    }
  }
}
