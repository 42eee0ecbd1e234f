import BluetoothTypes

/// What the kernel reports about one HCI device (BlueZ's `struct hci_dev_info`, read with
/// the `HCIGETDEVINFO` ioctl).
public struct HCIDeviceInfo: Hashable, Sendable {
  /// The device index: the N in "hciN".
  public var index: HCIDeviceIndex
  /// The kernel's name for the device, such as `hci0`.
  public var name: String
  /// The controller's public address (BD_ADDR); all zeros until the device has been up.
  public var address: BluetoothAddress
  /// The device's state bits.
  public var flags: HCIDeviceFlags
  /// How the controller is attached.
  public var bus: HCIBus
  /// What kind of controller it is.
  public var controllerType: HCIControllerType
  /// The LMP features page 0 (Core spec Vol 2, Part C, 3.3), eight octets.
  public var features: [UInt8]
  /// The longest ACL data packet the controller accepts.
  public var aclMTU: UInt16
  /// How many ACL data packets the controller buffers.
  public var aclPackets: UInt16
  /// The longest SCO data packet the controller accepts.
  public var scoMTU: UInt16
  /// How many SCO data packets the controller buffers.
  public var scoPackets: UInt16

  /// A device's information as given; ``HCIDeviceList`` reads the real ones from the kernel.
  public init(
    index: HCIDeviceIndex, name: String, address: BluetoothAddress, flags: HCIDeviceFlags,
    bus: HCIBus, controllerType: HCIControllerType = .primary, features: [UInt8] = [],
    aclMTU: UInt16 = 0, aclPackets: UInt16 = 0, scoMTU: UInt16 = 0, scoPackets: UInt16 = 0
  ) {
    self.index = index
    self.name = name
    self.address = address
    self.flags = flags
    self.bus = bus
    self.controllerType = controllerType
    self.features = features
    self.aclMTU = aclMTU
    self.aclPackets = aclPackets
    self.scoMTU = scoMTU
    self.scoPackets = scoPackets
  }

  /// Whether the device is up (`HCI_UP`).
  public var isUp: Bool { flags.contains(.up) }

  /// Whether the driver is running (`HCI_RUNNING`).
  public var isRunning: Bool { flags.contains(.running) }

  /// Whether the controller says it supports Low Energy: LMP feature bit 38,
  /// "LE Supported (Controller)" (BlueZ's `LMP_LE` in `features[4]`).
  ///
  /// The kernel fills the features in while bringing the device up, so this is `false`
  /// for a device that has never been up.
  public var supportsLowEnergy: Bool { features.count > 4 && features[4] & 0x40 != 0 }
}
