/// The state bits the kernel reports for an HCI device (`hci_dev_info.flags`,
/// `hci_dev_req.dev_opt`), numbered as BlueZ's `HCI_UP`, `HCI_INIT`, ... enumeration.
public struct HCIDeviceFlags: OptionSet, Hashable, Sendable {
  public let rawValue: UInt32

  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// `HCI_UP`: the device is up.
  public static let up = HCIDeviceFlags(rawValue: 1 << 0)
  /// `HCI_INIT`: the device is being initialised.
  public static let initializing = HCIDeviceFlags(rawValue: 1 << 1)
  /// `HCI_RUNNING`: the driver is running.
  public static let running = HCIDeviceFlags(rawValue: 1 << 2)
  /// `HCI_PSCAN`: BR/EDR page scan is enabled.
  public static let pageScan = HCIDeviceFlags(rawValue: 1 << 3)
  /// `HCI_ISCAN`: BR/EDR inquiry scan is enabled.
  public static let inquiryScan = HCIDeviceFlags(rawValue: 1 << 4)
  /// `HCI_AUTH`: authentication is required.
  public static let authentication = HCIDeviceFlags(rawValue: 1 << 5)
  /// `HCI_ENCRYPT`: encryption is required.
  public static let encryption = HCIDeviceFlags(rawValue: 1 << 6)
  /// `HCI_INQUIRY`: an inquiry is in progress.
  public static let inquiry = HCIDeviceFlags(rawValue: 1 << 7)
  /// `HCI_RAW`: the device is in raw mode.
  public static let raw = HCIDeviceFlags(rawValue: 1 << 8)
}
