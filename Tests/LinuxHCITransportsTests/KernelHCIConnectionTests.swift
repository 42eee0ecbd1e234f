import BeaconTestSupport
import Glibc
import HCICodec
import HCITestSupport
import HCITransportCore
import Testing

@testable import LinuxHCITransports

@Suite("KernelHCIConnection")
struct KernelHCIConnectionTests {
  /// On this machine the kernel has no Bluetooth, so opening fails with that advice; on a
  /// machine with Bluetooth any typed failure (no device, no permission) is accepted, and
  /// success too.
  @Test func liveOpenSaysWhatIsMissing() {
    // AF_BLUETOOTH (31), BTPROTO_HCI (1): does this kernel have Bluetooth sockets at all?
    let probe = socket(31, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 1)
    let noBluetooth = probe < 0 && errno == EAFNOSUPPORT
    if probe >= 0 { _ = Glibc.close(probe) }
    do {
      let connection = try KernelHCIConnection.open(device: HCIDeviceIndex(rawValue: 0))
      connection.close()
      #expect(!noBluetooth, "opened hci0 on a kernel without Bluetooth sockets")
    } catch {
      guard case .unavailable(let failure) = error else {
        Issue.record("expected .unavailable, got \(error)")
        return
      }
      let text = failure.description
      if noBluetooth {
        #expect(failure as? HCISocketError == .bluetoothUnavailable(.addressFamilyNotSupported))
        #expect(text.contains("this kernel has no Bluetooth support"))
        #expect(text.contains("serial:/dev/ttyUSB0"))
      }
    }
  }

  @Test func rawChannelOnAnUpDeviceFiltersToTheSessionEvents() throws {
    let system = ScriptedSystemCalls(.init(devices: [.scripted(0)]))
    let connection = try KernelHCIConnection.open(device: HCIDeviceIndex(rawValue: 0), exclusive: false, system: system)
    #expect(connection.name == "hci0")
    #expect(system.count("deviceUp") == 0)
    #expect(system.script.withLock { $0.bound.map(\.channel) } == [0])
    let filters = system.script.withLock { $0.filters }
    #expect(filters.map(\.types) == [[0x04]])
    #expect(filters.map(\.events) == [[0x0E, 0x0F, 0x10, 0x3E]])
  }

  @Test func rawChannelBringsADownDeviceUp() throws {
    let system = ScriptedSystemCalls(.init(devices: [.scripted(1, up: false)]))
    _ = try KernelHCIConnection.open(device: HCIDeviceIndex(rawValue: 1), exclusive: false, system: system)
    #expect(system.count("deviceUp") == 1)
    #expect(system.script.withLock { $0.bound.map(\.device) } == [1])
  }

  @Test func downDeviceWithoutPermissionSaysHowToBringItUp() {
    let second = ScriptedSystemCalls(.init(devices: [.scripted(0, up: false)]))
    second.fail("deviceUp", with: EPERM)
    do {
      _ = try KernelHCIConnection.open(device: HCIDeviceIndex(rawValue: 0), exclusive: false, system: second)
      Issue.record("opened a down device without permission")
    } catch {
      #expect(error.description.contains("hci0 is down and could not be brought up"))
      #expect(error.description.contains("setcap cap_net_raw,cap_net_admin+eip"))
      #expect(error.description.contains("`sudo hciconfig hci0 up`"))
      #expect(second.script.withLock { $0.bound }.isEmpty)
    }
  }

  @Test func userChannelRefusesAnUpDeviceAndSaysHowToFreeIt() {
    let system = ScriptedSystemCalls(.init(devices: [.scripted(0)]))
    do {
      _ = try KernelHCIConnection.open(device: HCIDeviceIndex(rawValue: 0), exclusive: true, system: system)
      Issue.record("took the user channel of a device that is up")
    } catch {
      guard case .failed(let failure) = error else {
        Issue.record("expected .failed, got \(error)")
        return
      }
      #expect(failure as? HCISocketError == .userChannelNeedsDeviceDown(HCIDeviceIndex(rawValue: 0)))
      let text = failure.description
      #expect(text.contains("`sudo hciconfig hci0 down`"))
      #expect(text.contains("`sudo systemctl stop bluetooth`"))
    }
    #expect(system.script.withLock { $0.bound }.isEmpty)
  }

  @Test func userChannelOnADownDeviceHasNoFilter() throws {
    let system = ScriptedSystemCalls(.init(devices: [.scripted(0, up: false)]))
    _ = try KernelHCIConnection.open(device: HCIDeviceIndex(rawValue: 0), exclusive: true, system: system)
    #expect(system.script.withLock { $0.bound.map(\.channel) } == [1])
    #expect(system.script.withLock { $0.filters }.isEmpty)
    #expect(system.count("deviceUp") == 0)
  }

  @Test func userChannelBusyKeepsTheSocketLayersAdvice() {
    let system = ScriptedSystemCalls(.init(devices: [.scripted(0, up: false)]))
    system.fail("bind", with: EBUSY)
    do {
      _ = try KernelHCIConnection.open(device: HCIDeviceIndex(rawValue: 0), exclusive: true, system: system)
      Issue.record("bound a busy device")
    } catch {
      #expect(
        error
          == .failed(
            HCISocketError.deviceBusy(.bind(HCIDeviceIndex(rawValue: 0), .user), HCIDeviceIndex(rawValue: 0))))
    }
  }

  @Test func missingDeviceListsTheOthers() {
    let system = ScriptedSystemCalls(.init(devices: [.scripted(0), .scripted(2)]))
    do {
      _ = try KernelHCIConnection.open(device: HCIDeviceIndex(rawValue: 1), exclusive: false, system: system)
      Issue.record("opened a missing device")
    } catch {
      #expect(error.description.contains("no such device hci1"))
      #expect(error.description.contains("hci0, hci2"))
    }
  }

  @Test func sendsAndReceivesThroughTheSocket() throws {
    let complete: [UInt8] = [0x04, 0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00]
    let system = ScriptedSystemCalls(.init(devices: [.scripted(0)], datagrams: [complete]))
    let connection = try KernelHCIConnection.open(device: HCIDeviceIndex(rawValue: 0), exclusive: false, system: system)
    try connection.send(HCIPacket(type: .command, direction: .hostToController, bytes: [0x03, 0x0C, 0x00]))
    #expect(system.written == [[0x01, 0x03, 0x0C, 0x00]])
    let packet = try #require(try connection.receive(timeout: .milliseconds(100))).packet
    #expect(packet.type == .event)
    #expect(Array(packet.bytes) == Array(complete.dropFirst()))
  }

  @Test func deviceRemovedWhileReadingIsClosed() throws {
    let system = ScriptedSystemCalls(.init(devices: [.scripted(0)], readable: [true]))
    let connection = try KernelHCIConnection.open(device: HCIDeviceIndex(rawValue: 0), exclusive: false, system: system)
    system.fail("read", with: EPIPE)
    #expect(throws: HCIConnectionError.closed(HCISocketError.deviceRemoved(HCIDeviceIndex(rawValue: 0)))) {
      try connection.receive(timeout: .milliseconds(100))
    }
    connection.close()
    connection.close()
    #expect(throws: HCIConnectionError.self) { try connection.receive(timeout: .zero) }
  }
}
