import Glibc
import SystemPackage

/// Whether this kernel has Bluetooth sockets at all: a raw HCI socket opens (and is closed at
/// once), or fails with the reason. Opening one needs no capability.
public enum KernelBluetoothSupport: Hashable, Sendable {
  case available
  /// `EAFNOSUPPORT` or `EPROTONOSUPPORT`: no Bluetooth in this kernel (or its module not loaded).
  case missing(Errno)
  /// Another failure (`EMFILE`, …): whether there is Bluetooth is not known.
  case unknown(Errno)

  /// Opens and closes a raw HCI socket. The corresponding C functions are `socket` and `close`.
  public static func probe() -> KernelBluetoothSupport {
    probe(system: LiveHCISocketSystemCalls())
  }

  package static func probe(system: any HCISocketSystemCalls) -> KernelBluetoothSupport {
    do throws(Errno) {
      let descriptor = try system.openSocket()
      try? system.close(descriptor)
      return .available
    } catch {
      if error.rawValue == EAFNOSUPPORT || error.rawValue == EPROTONOSUPPORT { return .missing(error) }
      return .unknown(error)
    }
  }
}
