/// Why a call on the D-Bus system bus failed. Each case's ``description`` says what to do.
public enum SystemBusError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No bus to connect to (`errno` from sd-bus: typically `ENOENT`, no socket, because
  /// dbus-daemon or dbus-broker is not running).
  case noBus(address: String, errno: Int32)
  /// The bus refused the call or the service answered with an error: the D-Bus error's
  /// `name` (`org.freedesktop.DBus.Error.ServiceUnknown`, `org.bluez.Error.NotReady`, …) and
  /// its message.
  case callFailed(member: String, destination: String, name: String, message: String)
  /// A message could not be built, sent or read (`errno` from sd-bus).
  case transport(member: String, errno: Int32)
  /// The reply's values are not of the types expected.
  case unexpectedReply(member: String, signature: String)

  /// Whether the service named in the call is not on the bus (not running).
  public var serviceIsMissing: Bool {
    guard case .callFailed(_, _, let name, _) = self else { return false }
    return name == "org.freedesktop.DBus.Error.ServiceUnknown" || name == "org.freedesktop.DBus.Error.NameHasNoOwner"
  }

  /// Whether the bus's policy refused the call.
  public var isAccessDenied: Bool {
    guard case .callFailed(_, _, let name, _) = self else { return false }
    return name == "org.freedesktop.DBus.Error.AccessDenied"
  }

  public var description: String {
    switch self {
    case .noBus(let address, let errno):
      return "no D-Bus system bus at \(address) (\(SystemBus.errnoText(errno))); "
        + "start it (`sudo systemctl start dbus`) or run where one runs"
    case .callFailed(let member, let destination, let name, let message):
      var advice = ""
      if name == "org.freedesktop.DBus.Error.ServiceUnknown" || name == "org.freedesktop.DBus.Error.NameHasNoOwner" {
        advice = "; \(destination) is not running (for bluetoothd: `sudo systemctl start bluetooth`)"
      } else if name == "org.freedesktop.DBus.Error.AccessDenied" {
        advice =
          "; the bus's policy refuses this user (for bluetoothd: run as root or in the group its "
          + "policy allows, /usr/share/dbus-1/system.d/bluetooth.conf)"
      }
      return "\(destination) refused \(member): \(name): \(message)\(advice)"
    case .transport(let member, let errno):
      return "could not call \(member) on the D-Bus system bus (\(SystemBus.errnoText(errno)))"
    case .unexpectedReply(let member, let signature):
      return "the reply to \(member) has the unexpected signature '\(signature)'"
    }
  }
}
