import BeaconTestSupport
import Glibc
import HCITestSupport
import SystemPackage
import Testing

@testable import LinuxHCITransports

@Suite struct HCIDeviceListTests {
  @Test func listsDevicesInIndexOrderAndClosesItsSocket() throws {
    let system = ScriptedSystemCalls(.init(devices: [.scripted(1, up: false), .scripted(0)]))
    let devices = try HCIDeviceList.list(system: system)
    #expect(devices.map(\.name) == ["hci0", "hci1"])
    #expect(devices.map(\.isUp) == [true, false])
    #expect(devices[0].isRunning)
    #expect(devices[0].supportsLowEnergy)
    #expect(devices[0].address.description == "00:1A:7D:DA:71:00")
    #expect(system.closed == [ScriptedSystemCalls.descriptor])
  }

  @Test func aDeviceThatVanishesMidListIsLeftOut() throws {
    let system = ScriptedSystemCalls(.init(devices: [.scripted(0), .scripted(1)]))
    system.fail("deviceInfo", with: ENODEV)
    let devices = try HCIDeviceList.list(system: system)
    #expect(devices.map(\.index) == [HCIDeviceIndex(rawValue: 1)])
  }

  @Test func infoForAMissingDeviceListsTheOthers() throws {
    let system = ScriptedSystemCalls(.init(devices: [.scripted(0)]))
    let missing = HCIDeviceIndex(rawValue: 4)
    #expect(throws: HCISocketError.noSuchDevice(missing, available: [HCIDeviceIndex(rawValue: 0)])) {
      try HCIDeviceList.info(for: missing, system: system)
    }
  }

  @Test func listingWithoutBluetoothSaysSo() {
    let system = ScriptedSystemCalls()
    system.fail("open", with: EAFNOSUPPORT)
    #expect(throws: HCISocketError.bluetoothUnavailable(Errno(rawValue: EAFNOSUPPORT))) {
      try HCIDeviceList.list(system: system)
    }
  }

  @Test func bringingUpADeviceThatIsAlreadyUpSucceeds() throws {
    let system = ScriptedSystemCalls()
    system.fail("deviceUp", with: EALREADY)
    try HCIDevicePower.up(HCIDeviceIndex(rawValue: 0), system: system)
    #expect(system.count("deviceUp") == 1)
  }

  @Test func bringingADeviceDownNeedsCapNetAdmin() throws {
    let system = ScriptedSystemCalls()
    system.fail("deviceDown", with: EPERM)
    let error = try #require(throws: HCISocketError.self) {
      try HCIDevicePower.down(HCIDeviceIndex(rawValue: 0), system: system)
    }
    #expect(error.description.contains("could not bring hci0 down"))
    #expect(error.description.contains("CAP_NET_ADMIN"))
  }

  @Test func busAndControllerTypeNamesMatchHciconfig() {
    #expect(HCIBus.usb.description == "USB")
    #expect(HCIBus.uart.description == "UART")
    #expect(HCIBus(rawValue: 15).description == "UNKNOWN(15)")
    #expect(HCIControllerType.primary.description == "Primary")
  }
}
