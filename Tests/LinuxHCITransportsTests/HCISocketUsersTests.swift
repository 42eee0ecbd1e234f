import BeaconTestSupport
import Foundation
import HCICaptures
import HCITestSupport
import Testing

@testable import LinuxHCITransports

/// Who holds which Bluetooth socket, from the kernel's announcements to a new monitor socket.
@Suite("HCISocketUsers")
struct HCISocketUsersTests {
  /// bluetoothd's management socket as a Raspberry Pi 5's kernel (6.6.31+rpt-rpi-2712) announced it
  /// to btmon: record 6 of felixwatts/batteread's `capture.btsnoop` (MIT), ../shared/captures.
  static let bluetoothdOpen = MonitorHCIConnectionTests.datagram(
    opcode: 14, index: 0xFFFF,
    payload: [
      0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01, 0x16, 0x00, 0x01, 0x00, 0x00, 0x00, 0x10, 0x62, 0x6C, 0x75, 0x65,
      0x74, 0x6F, 0x6F, 0x74, 0x68, 0x64, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    ])

  /// A raw socket of hcitool bound to hci0, unprivileged, in the kernel's layout
  /// (`create_monitor_ctrl_open`: cookie, format 0, version, flags 0, name length 16, name).
  static let hcitoolOpen = MonitorHCIConnectionTests.datagram(
    opcode: 14, index: 0,
    payload: [0x07, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x16, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10]
      + Array("hcitool".utf8) + [UInt8](repeating: 0, count: 9))

  @Test func namesEveryOpenSocketWithItsChannelAndDevice() throws {
    let system = ScriptedSystemCalls(.init(datagrams: [Self.bluetoothdOpen, Self.hcitoolOpen]))
    let users = try HCISocketUsers.list(system: system)
    #expect(
      users == [
        HCISocketUser(program: "bluetoothd", channel: .control, device: nil, privileged: true),
        HCISocketUser(program: "hcitool", channel: .raw, device: HCIDeviceIndex(rawValue: 0), privileged: false),
      ])
    #expect(system.script.withLock { $0.bound.map(\.channel) } == [2])
    #expect(system.closed == [ScriptedSystemCalls.descriptor])
  }

  @Test func aSocketClosedSinceIsGone() throws {
    let close = MonitorHCIConnectionTests.datagram(opcode: 15, index: 0, payload: [0x07, 0x00, 0x00, 0x00])
    let system = ScriptedSystemCalls(.init(datagrams: [Self.bluetoothdOpen, Self.hcitoolOpen, close]))
    #expect(try HCISocketUsers.list(system: system).map(\.program) == ["bluetoothd"])
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(
        atPath: TestPaths.sharedCaptures.appendingPathComponent("felixwatts_batteread/capture.btsnoop").path),
      "../shared/captures/felixwatts_batteread/capture.btsnoop is not here"))
  func aRealPiAnnouncesBluetoothd() throws {
    let path = TestPaths.sharedCaptures.appendingPathComponent("felixwatts_batteread/capture.btsnoop")
    var decoder = BTSnoopDecoder()
    decoder.append(try Data(contentsOf: path))
    #expect(try decoder.readFileHeader() == .linuxMonitor)
    var datagrams: [[UInt8]] = []
    while let record = try decoder.nextRecord() {
      datagrams.append(
        MonitorHCIConnectionTests.datagram(
          opcode: UInt16(record.flags & 0xFFFF), index: UInt16(record.flags >> 16), payload: record.data))
    }
    #expect(datagrams.contains(Self.bluetoothdOpen))
    let users = try HCISocketUsers.list(system: ScriptedSystemCalls(.init(datagrams: datagrams)))
    #expect(users == [HCISocketUser(program: "bluetoothd", channel: .control, device: nil, privileged: true)])
  }
}
