import HCITransportCore
import ServiceManager

/// Why bluetoothd could not do what was asked; each ``description`` says what to do.
public enum BluetoothdError: Error, Hashable, Sendable {
  /// There is no system bus to reach bluetoothd on.
  case noBus(SystemBusError)
  /// bluetoothd is not on the system bus.
  case notRunning
  /// bluetoothd has no such adapter (the controller is missing, or bluetoothd does not manage it).
  case noSuchAdapter(BluetoothdAdapter)
  /// The adapter is off (`Powered` false): bluetoothd will not scan with it.
  case notPowered(BluetoothdAdapter, powerState: String?)
  /// The bus's policy refuses this user the call.
  case accessDenied(operation: String, SystemBusError)
  /// bluetoothd or the bus refused or failed the call otherwise.
  case failed(operation: String, SystemBusError)

  /// The error of a call on `adapter`, from the bus's.
  init(_ error: SystemBusError, operation: String, adapter: BluetoothdAdapter?) {
    if case .noBus = error {
      self = .noBus(error)
    } else if error.serviceIsMissing {
      self = .notRunning
    } else if error.isAccessDenied {
      self = .accessDenied(operation: operation, error)
    } else if let adapter, case .callFailed(_, _, let name, _) = error,
      name == "org.freedesktop.DBus.Error.UnknownObject" || name == "org.freedesktop.DBus.Error.UnknownMethod"
        || name == "org.freedesktop.DBus.Error.InvalidArgs" && operation == "read the adapter's state"
    {
      self = .noSuchAdapter(adapter)
    } else if let adapter, case .callFailed(_, _, let name, _) = error, name == "org.bluez.Error.NotReady" {
      self = .notPowered(adapter, powerState: nil)
    } else {
      self = .failed(operation: operation, error)
    }
  }
}

extension BluetoothdError: TransportFailure {
  /// The category a caller acts on: no permission, no bluetoothd or adapter to use, or other.
  public var connectionError: HCIConnectionError {
    switch self {
    case .accessDenied: return .notAuthorized(self)
    case .noBus, .notRunning, .noSuchAdapter, .notPowered: return .unavailable(self)
    case .failed: return .failed(self)
    }
  }

  public var description: String {
    switch self {
    case .noBus(let error):
      return "bluetoothd cannot be reached: \(error)"
    case .notRunning:
      return "bluetoothd is not running (no org.bluez on the system bus); start it (`sudo systemctl start "
        + "bluetooth`), or scan through the controller yourself (`--scan-via controller`)"
    case .noSuchAdapter(let adapter):
      return "bluetoothd has no adapter \(adapter) (\(adapter.objectPath)); see `bluetoothctl list` for the "
        + "ones it manages. bluetoothd sees a controller only once the kernel has set it up: if "
        + "`btmgmt info` does not list it either, `dmesg | grep \(adapter)` shows the setup command "
        + "that failed; re-plug the adapter or reload its driver"
    case .notPowered(let adapter, let powerState):
      let blocked = powerState == "off-blocked"
      return "bluetoothd keeps \(adapter) off\(blocked ? ", blocked by rfkill" : ""); "
        + (blocked ? "`rfkill unblock bluetooth`, then " : "")
        + "`bluetoothctl power on` (or `bluetoothctl -- select \(adapter)` first when there are several)"
    case .accessDenied(let operation, let error):
      return "bluetoothd would not \(operation) for this user: \(error)"
    case .failed(let operation, let error):
      return "bluetoothd could not \(operation): \(error)"
    }
  }
}
