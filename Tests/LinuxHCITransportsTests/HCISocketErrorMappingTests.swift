import BeaconTestSupport
import Glibc
import HCITestSupport
import SystemPackage
import Testing

@testable import LinuxHCITransports

/// Each errno a kernel HCI socket can report, injected at the system call that reports it,
/// must come out as its typed case with the command that fixes it.
@Suite struct HCISocketErrorMappingTests {
  let hci0 = HCIDeviceIndex(rawValue: 0)

  @Test func noBluetoothInTheKernelSaysHowToLoadItOrUseAnotherSource() {
    let system = ScriptedSystemCalls()
    system.fail("open", with: EAFNOSUPPORT)
    #expect(throws: HCISocketError.bluetoothUnavailable(Errno(rawValue: EAFNOSUPPORT))) {
      try HCISocket.open(device: hci0, channel: .raw, system: system)
    }
    let text = HCISocketError.bluetoothUnavailable(Errno(rawValue: EAFNOSUPPORT)).description
    #expect(text.contains("this kernel has no Bluetooth support (AF_BLUETOOTH unavailable)"))
    #expect(text.contains("`sudo modprobe bluetooth`"))
    #expect(text.contains("`-i serial:/dev/ttyUSB0`"))
    #expect(text.contains("`-i tcp:HOST:PORT`"))
    #expect(text.contains("`--replay FILE`"))
    #expect(system.closed.isEmpty, "nothing was opened, so nothing is closed")
  }

  @Test func noSuchDeviceListsTheDevicesThereAre() throws {
    let system = ScriptedSystemCalls(.init(devices: [.scripted(1), .scripted(0)]))
    system.fail("bind", with: ENODEV)
    let error = try #require(throws: HCISocketError.self) {
      try HCISocket.open(device: HCIDeviceIndex(rawValue: 3), channel: .raw, system: system)
    }
    #expect(error == .noSuchDevice(HCIDeviceIndex(rawValue: 3), available: [hci0, HCIDeviceIndex(rawValue: 1)]))
    #expect(error.description.contains("no such device hci3"))
    #expect(error.description.contains("hci0, hci1"))
    #expect(system.closed == [ScriptedSystemCalls.descriptor], "the socket is closed after a failed bind")
  }

  @Test func noSuchDeviceWithoutAnyDeviceSaysSo() throws {
    let system = ScriptedSystemCalls()
    system.fail("bind", with: ENODEV)
    let error = try #require(throws: HCISocketError.self) {
      try HCISocket.open(device: hci0, channel: .raw, system: system)
    }
    #expect(error == .noSuchDevice(hci0, available: []))
    #expect(error.description.contains("no such device hci0"))
    #expect(error.description.contains("no Bluetooth controller"))
  }

  @Test func noSuchDeviceWhenTheListCannotBeReadEither() throws {
    let system = ScriptedSystemCalls()
    system.fail("bind", with: ENODEV)
    system.fail("deviceList", with: EIO)
    let error = try #require(throws: HCISocketError.self) {
      try HCISocket.open(device: hci0, channel: .raw, system: system)
    }
    #expect(error == .noSuchDevice(hci0, available: nil))
    #expect(error.description.contains("could not be read"))
  }

  @Test(arguments: [EPERM, EACCES])
  func permissionDeniedGivesTheSetcapLineAndWhyEachCapability(errno: Int32) throws {
    let system = ScriptedSystemCalls()
    system.fail("bind", with: errno)
    let error = try #require(throws: HCISocketError.self) {
      try HCISocket.open(device: hci0, channel: .user, system: system)
    }
    #expect(
      error
        == .permissionDenied(
          .bind(hci0, .user), Errno(rawValue: errno), executable: "/opt/beacon/bin/beacon-scan"))
    let text = error.description
    #expect(text.contains("`sudo setcap cap_net_raw,cap_net_admin+eip /opt/beacon/bin/beacon-scan`"))
    #expect(text.contains("CAP_NET_RAW to open the raw HCI socket and send HCI commands"))
    #expect(text.contains("CAP_NET_ADMIN to bring devices up or down and to use the user channel"))
    #expect(text.contains("bind to hci0 on the user channel"))
  }

  @Test func permissionDeniedWithoutAKnownBinaryNamesAPlaceholder() {
    let error = HCISocketError.permissionDenied(.open, Errno(rawValue: EPERM), executable: nil)
    #expect(error.description.contains("`sudo setcap cap_net_raw,cap_net_admin+eip <binary>`"))
  }

  @Test func sendingToADeviceThatIsDownSaysHowToBringItUp() throws {
    let system = ScriptedSystemCalls()
    let socket = try HCISocket.open(device: hci0, channel: .raw, system: system)
    system.fail("write", with: ENETDOWN)
    let error = try #require(throws: HCISocketError.self) { try socket.send(h4Bytes: [0x01, 0x03, 0x0C, 0x00]) }
    #expect(error == .deviceDown(hci0))
    #expect(error.description.contains("`sudo hciconfig hci0 up`"))
    #expect(error.description.contains("`bluetoothctl power on`"))
  }

  @Test func rfkillBlockSaysHowToUnblock() throws {
    let system = ScriptedSystemCalls()
    system.fail("deviceUp", with: ERFKILL)
    let error = try #require(throws: HCISocketError.self) { try HCIDevicePower.up(hci0, system: system) }
    #expect(error == .blockedByRFKill(hci0))
    #expect(error.description.contains("`rfkill unblock bluetooth`"))
  }

  @Test func busyUserChannelSaysTheDeviceMustBeDownAndFreeOfBluetoothd() throws {
    let system = ScriptedSystemCalls()
    system.fail("bind", with: EBUSY)
    let error = try #require(throws: HCISocketError.self) {
      try HCISocket.open(device: hci0, channel: .user, system: system)
    }
    #expect(error == .deviceBusy(.bind(hci0, .user), hci0))
    #expect(error.description.contains("bluetoothd"))
    #expect(error.description.contains("`sudo hciconfig hci0 down`"))
    #expect(error.description.contains("`sudo systemctl stop bluetooth`"))
    // A device the kernel never finished setting up is refused the same way (EBUSY).
    #expect(error.description.contains("`dmesg | grep hci0`"))
  }

  @Test func userChannelHeldElsewhere() throws {
    let system = ScriptedSystemCalls()
    system.fail("bind", with: EUSERS)
    let error = try #require(throws: HCISocketError.self) {
      try HCISocket.open(device: hci0, channel: .user, system: system)
    }
    #expect(error == .userChannelTaken(hci0))
    #expect(error.description.contains("another program already holds hci0's user channel"))
  }

  @Test func deviceRemovedWhileReceiving() throws {
    let system = ScriptedSystemCalls(.init(readable: [true]))
    let socket = try HCISocket.open(device: hci0, channel: .raw, system: system)
    system.fail("read", with: EPIPE)
    let error = try #require(throws: HCISocketError.self) { try socket.receive(timeout: .seconds(1)) }
    #expect(error == .deviceRemoved(hci0))
    #expect(error.description.contains("hci0 went away"))
  }

  @Test func unknownErrnoKeepsItsNameAndMessage() throws {
    let system = ScriptedSystemCalls()
    system.fail("setFilter", with: EIO)
    let socket = try HCISocket.open(device: hci0, channel: .raw, system: system)
    let error = try #require(throws: HCISocketError.self) { try socket.setFilter(.allEvents) }
    #expect(error == .system(.setFilter, Errno(rawValue: EIO)))
    #expect(error.description == "could not set the HCI socket filter: EIO: Input/output error")
  }

  @Test func errnoNamesComeFromTheCLibrary() {
    #expect(Errno(rawValue: EAFNOSUPPORT).name == "EAFNOSUPPORT")
    #expect(Errno(rawValue: ERFKILL).name == "ERFKILL")
    #expect(Errno(rawValue: 9999).name == "errno 9999")
    #expect(!Errno(rawValue: EAFNOSUPPORT).message.isEmpty)
  }

  @Test func errorsWithoutADeviceFallBackToTheSystemCase() {
    #expect(
      HCISocketError(Errno(rawValue: ENODEV), during: .listDevices) == .system(.listDevices, Errno(rawValue: ENODEV)))
    #expect(HCISocketError(Errno(rawValue: ENETDOWN), during: .send, device: hci0) == .deviceDown(hci0))
  }
}
