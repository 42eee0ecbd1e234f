import Foundation
import LinuxHCITransports
import Testing

/// rfkill's switches as sysfs lays them out (`/sys/class/rfkill/rfkillN/{type,name,soft,hard}`,
/// one line each), in a folder of real files.
@Suite("RFKillSwitch")
struct RFKillSwitchTests {
  @Test func readsTheBluetoothSwitchesOnly() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("rfkill-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    for (entry, values) in [
      ("rfkill0", ["type": "bluetooth", "name": "hci0", "soft": "1", "hard": "0"]),
      ("rfkill1", ["type": "wlan", "name": "phy0", "soft": "1", "hard": "1"]),
      ("rfkill2", ["type": "bluetooth", "name": "tpacpi_bluetooth_sw", "soft": "0", "hard": "1"]),
    ] {
      let folder = root.appendingPathComponent(entry)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for (name, value) in values {
        try Data((value + "\n").utf8).write(to: folder.appendingPathComponent(name))
      }
    }
    #expect(
      RFKillSwitch.bluetoothSwitches(under: root.path) == [
        RFKillSwitch(name: "hci0", softBlocked: true, hardBlocked: false),
        RFKillSwitch(name: "tpacpi_bluetooth_sw", softBlocked: false, hardBlocked: true),
      ])
    #expect(RFKillSwitch.bluetoothSwitches(under: root.appendingPathComponent("missing").path).isEmpty)
  }
}
