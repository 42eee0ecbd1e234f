import POSIXSupport
import SystemPackage

/// A Bluetooth radio switch of the kernel's rfkill (`/sys/class/rfkill/rfkillN`, type
/// `bluetooth`): a controller's own (named `hci0`) or a platform's (a laptop's key, `tpacpi_bluetooth_sw`).
public struct RFKillSwitch: Hashable, Sendable {
  /// The switch's name: the controller's (`hci0`) or the platform driver's.
  public var name: String
  /// Blocked in software (`rfkill block`, airplane mode): `rfkill unblock bluetooth` lifts it.
  public var softBlocked: Bool
  /// Blocked in hardware (a switch or key): only the switch lifts it.
  public var hardBlocked: Bool

  public init(name: String, softBlocked: Bool, hardBlocked: Bool) {
    self.name = name
    self.softBlocked = softBlocked
    self.hardBlocked = hardBlocked
  }

  /// Whether either block is on.
  public var isBlocked: Bool { softBlocked || hardBlocked }

  /// The Bluetooth switches under `root` (`/sys/class/rfkill`); none when there is no such
  /// folder (no rfkill in the kernel, or no Bluetooth).
  public static func bluetoothSwitches(under root: String = "/sys/class/rfkill") -> [RFKillSwitch] {
    guard let entries = try? DirectoryListing.names(in: root) else { return [] }
    return entries.compactMap { entry in
      let folder = "\(root)/\(entry)"
      func read(_ name: String) -> String? {
        // sysfs values are one line each.
        (try? FileDescriptor.readSmallFile("\(folder)/\(name)", limit: 4096)).map {
          String(decoding: $0.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        }
      }
      guard read("type") == "bluetooth" else { return nil }
      return RFKillSwitch(
        name: read("name") ?? entry, softBlocked: read("soft") == "1", hardBlocked: read("hard") == "1")
    }
  }
}
