import ServiceManager

/// bluetoothd (`org.bluez`) on the D-Bus system bus: whether it runs, an adapter's state, and a
/// discovery of this client's own.
///
/// bluetoothd keeps a discovery and its filter per D-Bus client: they last while ``bus`` stays
/// connected, and end when it closes (or this process exits), whoever else is discovering.
public final class BluetoothdClient {
  /// The connection bluetoothd knows this client by.
  public let bus: SystemBus

  public static let service = "org.bluez"
  static let adapterInterface = "org.bluez.Adapter1"

  public init(bus: SystemBus) { self.bus = bus }

  /// A client on the system bus.
  public static func connect() throws(BluetoothdError) -> BluetoothdClient {
    do throws(SystemBusError) {
      return BluetoothdClient(bus: try SystemBus.system())
    } catch {
      throw .noBus(error)
    }
  }

  /// Whether bluetoothd is on the bus (`org.freedesktop.DBus.NameHasOwner("org.bluez")`).
  public func isRunning() throws(BluetoothdError) -> Bool {
    let reply: [BusValue]
    do throws(SystemBusError) {
      reply = try bus.call(
        destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
        member: "NameHasOwner", [.string(Self.service)])
    } catch {
      throw BluetoothdError(error, operation: "tell whether it runs", adapter: nil)
    }
    return reply.first?.booleanValue ?? false
  }

  /// The adapter's state (`org.freedesktop.DBus.Properties.GetAll("org.bluez.Adapter1")`).
  public func state(of adapter: BluetoothdAdapter) throws(BluetoothdError) -> BluetoothdAdapterState {
    let operation = "read the adapter's state"
    let reply: [BusValue]
    do throws(SystemBusError) {
      reply = try bus.call(
        destination: Self.service, path: adapter.objectPath, interface: "org.freedesktop.DBus.Properties",
        member: "GetAll", [.string(Self.adapterInterface)])
    } catch {
      throw BluetoothdError(error, operation: operation, adapter: adapter)
    }
    guard let properties = reply.first, let powered = properties["Powered"]?.booleanValue else {
      throw .noSuchAdapter(adapter)
    }
    return BluetoothdAdapterState(
      powered: powered, discovering: properties["Discovering"]?.booleanValue ?? false,
      address: properties["Address"]?.stringValue, powerState: properties["PowerState"]?.stringValue)
  }

  /// Starts this client's discovery on `adapter`, of LE devices only, every advertisement
  /// reported (`SetDiscoveryFilter({Transport: "le", DuplicateData: true})`, then
  /// `StartDiscovery`). A powered-off adapter is refused before anything is asked.
  ///
  /// bluetoothd scans actively, and the kernel asks the controller to filter duplicates unless
  /// an advertisement monitor is registered: `DuplicateData` is about bluetoothd's own D-Bus
  /// signals, not the controller's reports.
  public func startDiscovery(on adapter: BluetoothdAdapter) throws(BluetoothdError) {
    let state = try state(of: adapter)
    guard state.powered else { throw .notPowered(adapter, powerState: state.powerState) }
    try callAdapter(
      adapter, "SetDiscoveryFilter", [.properties(["Transport": .string("le"), "DuplicateData": .boolean(true)])],
      operation: "set this client's discovery filter")
    try callAdapter(adapter, "StartDiscovery", operation: "start discovering")
  }

  /// Stops this client's discovery (`StopDiscovery`); bluetoothd goes on discovering for its
  /// other clients.
  public func stopDiscovery(on adapter: BluetoothdAdapter) throws(BluetoothdError) {
    try callAdapter(adapter, "StopDiscovery", operation: "stop discovering")
  }

  private func callAdapter(
    _ adapter: BluetoothdAdapter, _ member: String, _ arguments: [BusValue] = [], operation: String
  ) throws(BluetoothdError) {
    do throws(SystemBusError) {
      try bus.call(
        destination: Self.service, path: adapter.objectPath, interface: Self.adapterInterface, member: member,
        arguments)
    } catch {
      throw BluetoothdError(error, operation: operation, adapter: adapter)
    }
  }
}
