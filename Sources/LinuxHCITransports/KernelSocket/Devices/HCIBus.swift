/// How a controller is attached to the host (`HCI_VIRTUAL`, `HCI_USB`, ... in BlueZ's
/// lib/hci.h; the low four bits of `hci_dev_info.type`).
public struct HCIBus: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// `HCI_VIRTUAL`
  public static let virtual = HCIBus(rawValue: 0)
  /// `HCI_USB`
  public static let usb = HCIBus(rawValue: 1)
  /// `HCI_PCCARD`
  public static let pcCard = HCIBus(rawValue: 2)
  /// `HCI_UART`
  public static let uart = HCIBus(rawValue: 3)
  /// `HCI_RS232`
  public static let rs232 = HCIBus(rawValue: 4)
  /// `HCI_PCI`
  public static let pci = HCIBus(rawValue: 5)
  /// `HCI_SDIO`
  public static let sdio = HCIBus(rawValue: 6)
  /// `HCI_SPI`
  public static let spi = HCIBus(rawValue: 7)
  /// `HCI_I2C`
  public static let i2c = HCIBus(rawValue: 8)
  /// `HCI_SMD`
  public static let smd = HCIBus(rawValue: 9)
  /// `HCI_VIRTIO`
  public static let virtio = HCIBus(rawValue: 10)
}

extension HCIBus: CustomStringConvertible {
  /// The name `hciconfig` prints: `USB`, `UART`, ...; `UNKNOWN(n)` for other values.
  public var description: String {
    let names = ["VIRTUAL", "USB", "PCCARD", "UART", "RS232", "PCI", "SDIO", "SPI", "I2C", "SMD", "VIRTIO"]
    return Int(rawValue) < names.count ? names[Int(rawValue)] : "UNKNOWN(\(rawValue))"
  }
}
