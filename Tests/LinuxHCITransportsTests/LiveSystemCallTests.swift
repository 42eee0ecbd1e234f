import Glibc
import SystemPackage
import Testing

@testable import LinuxHCITransports

/// These call the real kernel. On a machine without Bluetooth (like the one this project
/// is built on) they must see the typed "no Bluetooth support" error; elsewhere they accept
/// any outcome that is one of the typed cases a real machine can produce, never a crash.
@Suite struct LiveSystemCallTests {
  /// Whether the kernel has a Bluetooth stack: the `bluetooth` module (loaded or built in,
  /// it has parameters) shows up in /sys/module.
  static var kernelHasBluetooth: Bool { access("/sys/module/bluetooth", F_OK) == 0 }

  @Test func openingARealSocketGivesATypedOutcome() {
    do {
      let socket = try HCISocket.open(device: HCIDeviceIndex(rawValue: 0), channel: .raw)
      #expect(Self.kernelHasBluetooth, "a socket opened although /sys/module/bluetooth is absent")
      try? socket.close()
    } catch {
      if Self.kernelHasBluetooth {
        switch error {
        case .bluetoothUnavailable, .permissionDenied, .noSuchDevice, .deviceDown, .blockedByRFKill, .deviceBusy:
          break
        default:
          Issue.record("unexpected error on a machine with Bluetooth: \(error)")
        }
      } else {
        #expect(error == .bluetoothUnavailable(Errno(rawValue: EAFNOSUPPORT)))
        #expect(error.description.contains("sudo modprobe bluetooth"))
      }
    }
  }

  @Test func listingRealDevicesGivesATypedOutcome() {
    do {
      let devices = try HCIDeviceList.list()
      #expect(Self.kernelHasBluetooth, "devices listed although /sys/module/bluetooth is absent")
      for device in devices { #expect(device.name == device.index.description) }
    } catch {
      if Self.kernelHasBluetooth {
        switch error {
        case .bluetoothUnavailable, .permissionDenied:
          break
        default:
          Issue.record("unexpected error on a machine with Bluetooth: \(error)")
        }
      } else {
        #expect(error == .bluetoothUnavailable(Errno(rawValue: EAFNOSUPPORT)))
      }
    }
  }

  @Test func theLiveLayerFindsThisBinary() throws {
    let path = try #require(LiveHCISocketSystemCalls().executablePath())
    #expect(path.hasPrefix("/"))
  }
}
