/// A controller as bluetoothd names it on D-Bus: `hci0` at `/org/bluez/hci0`.
public struct BluetoothdAdapter: Hashable, Sendable, CustomStringConvertible {
  /// The kernel's name of the controller, `hci0`.
  public let name: String

  public init(name: String) { self.name = name }

  /// The adapter's object path, `/org/bluez/hci0`.
  public var objectPath: String { "/org/bluez/\(name)" }

  public var description: String { name }
}

/// What bluetoothd says of an adapter (`org.bluez.Adapter1`'s properties).
public struct BluetoothdAdapterState: Hashable, Sendable {
  /// `Powered`: whether bluetoothd keeps the controller on.
  public var powered: Bool
  /// `Discovering`: whether a discovery (any client's) is running.
  public var discovering: Bool
  /// `Address`, `00:1A:7D:DA:71:00`.
  public var address: String?
  /// `PowerState` (BlueZ 5.64 and later): `on`, `off`, `off-blocked` (rfkill), `on-disabling`, `off-enabling`.
  public var powerState: String?

  public init(powered: Bool, discovering: Bool, address: String? = nil, powerState: String? = nil) {
    self.powered = powered
    self.discovering = discovering
    self.address = address
    self.powerState = powerState
  }
}
