import BeaconTestSupport
import Beacons
import BluetoothTypes
import BluetoothdClient
import Glibc
import HCITestSupport
import LinuxHCITransports
import Testing

/// `--via bluetoothd`'s broadcaster on the management interface, the kernel's answers scripted in
/// the layout of BlueZ's `doc/mgmt-api.txt` (the real kernel answers in the kernel lab).
@Suite("ManagementBeaconBroadcaster")
struct ManagementBeaconBroadcasterTests {
  /// An event of the management interface: code, controller index, parameters (LE16 each).
  static func event(_ code: UInt16, index: UInt16, _ parameters: [UInt8]) -> [UInt8] {
    channelDatagram(code: code, index: index, payload: parameters)
  }

  /// Command Complete (0x0001) of `opcode` on hci1 with a status and return parameters.
  static func complete(_ opcode: UInt16, status: UInt8 = 0, _ returned: [UInt8] = []) -> [UInt8] {
    event(0x0001, index: 1, [UInt8(opcode & 0xFF), UInt8(opcode >> 8), status] + returned)
  }

  static let frame = BeaconFrame.iBeacon(
    IBeacon(uuid: UUID128(high: 0xF63B_21BA_2635_4BE4, low: 0xB6FF_E2EA_B8B5_41C3), major: 2, minor: 7))

  @Test func addsAFreeInstanceWithTheIntervalAndTheBarePayloadThenRemovesIt() throws {
    let system = ScriptedSystemCalls(
      .init(datagrams: [
        // Read Advertising Features: flags, sizes 31/31, 5 instances at most, 1 in use (instance 1).
        Self.complete(0x003D, [0xFF, 0xFF, 0x01, 0x00, 31, 31, 5, 1, 1]),
        // Advertising Added by someone else: kept for later, not taken for an answer.
        Self.event(0x0023, index: 1, [1]),
        Self.complete(0x0054, [2, 0, 31, 31]),
        Self.complete(0x0055, [2]),
        Self.complete(0x003F, [2]),
      ]))
    let broadcaster = ManagementBeaconBroadcaster(
      device: HCIDeviceIndex(rawValue: 1),
      openSocket: { () throws(ManagementError) in try ManagementSocket.open(system: system) })
    #expect(broadcaster.startBroadcasting(Self.frame, interval: .milliseconds(100)) == .broadcasting)
    #expect(broadcaster.instance == 2)
    #expect(system.script.withLock { $0.bound.map(\.channel) } == [3])
    #expect(system.script.withLock { $0.bound.map(\.device) } == [0xFFFF])
    let written = system.written
    #expect(written.count == 3)
    #expect(written.first == [0x3D, 0x00, 0x01, 0x00, 0x00, 0x00])
    // Instance 2; flags bit 14 (the interval is given); duration and timeout 0; 100 ms = 160
    // slots of 0.625 ms as both bounds; TX power 0x7F.
    #expect(
      written.dropFirst().first == [
        0x54, 0x00, 0x01, 0x00, 18, 0x00, 2, 0x00, 0x40, 0x00, 0x00, 0, 0, 0, 0, 160, 0, 0, 0, 160, 0, 0, 0, 0x7F,
      ])
    let payload = Array(Self.frame.advertisingData.bytes)
    #expect(payload.count == 30)
    #expect(
      written.last == [0x55, 0x00, 0x01, 0x00, UInt8(3 + payload.count), 0x00, 2, UInt8(payload.count), 0] + payload)
    #expect(broadcaster.stopBroadcasting() == .stopped)
    #expect(system.written.last == [0x3F, 0x00, 0x01, 0x00, 1, 0x00, 2])
    #expect(broadcaster.stopBroadcasting() == .notBroadcasting)
  }

  @Test func withoutCapNetAdminTheKernelsRefusalSaysWhatToGrant() {
    let system = ScriptedSystemCalls(
      .init(datagrams: [
        Self.complete(0x003D, [0xFF, 0xFF, 0x01, 0x00, 31, 31, 5, 0]),
        // Command Status (0x0002): Permission Denied (0x14).
        Self.event(0x0002, index: 1, [0x54, 0x00, 0x14]),
      ]))
    let broadcaster = ManagementBeaconBroadcaster(
      device: HCIDeviceIndex(rawValue: 1),
      openSocket: { () throws(ManagementError) in try ManagementSocket.open(system: system) })
    #expect(broadcaster.startBroadcasting(Self.frame, interval: .milliseconds(100)) == .notAuthorized)
    let text = broadcaster.failure?.description ?? ""
    #expect(text.contains("hci1 refused Add Extended Advertising Parameters: Permission Denied (0x14)"))
    #expect(text.contains("CAP_NET_ADMIN"))
  }

  @Test func aControllerBluetoothdKeepsOffIsUnavailable() {
    let system = ScriptedSystemCalls(.init(datagrams: [Self.complete(0x003D, status: 0x0F)]))
    let broadcaster = ManagementBeaconBroadcaster(
      device: HCIDeviceIndex(rawValue: 1),
      openSocket: { () throws(ManagementError) in try ManagementSocket.open(system: system) })
    #expect(broadcaster.startBroadcasting(Self.frame, interval: .milliseconds(100)) == .bluetoothUnavailable)
    #expect(broadcaster.failure?.description.contains("bluetoothctl power on") == true)
  }

  @Test func everyInstanceInUseIsSaid() {
    let system = ScriptedSystemCalls(
      .init(datagrams: [Self.complete(0x003D, [0xFF, 0xFF, 0x01, 0x00, 31, 31, 2, 2, 1, 2])]))
    let broadcaster = ManagementBeaconBroadcaster(
      device: HCIDeviceIndex(rawValue: 1),
      openSocket: { () throws(ManagementError) in try ManagementSocket.open(system: system) })
    #expect(broadcaster.startBroadcasting(Self.frame, interval: .milliseconds(100)) == .failed)
    #expect(broadcaster.failure?.description.contains("every instance is in use") == true)
  }
}
