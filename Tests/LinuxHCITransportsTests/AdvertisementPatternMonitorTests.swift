import HCITestSupport
import Testing

@testable import LinuxHCITransports

/// The kernel's advertisement monitors on the management interface, the kernel's answers
/// scripted in the layout of BlueZ's `doc/mgmt-api.txt` (the real kernel answers in the kernel
/// lab's coexistence scenario).
@Suite struct AdvertisementPatternMonitorTests {
  static func complete(_ opcode: UInt16, index: UInt16, status: UInt8 = 0, _ returned: [UInt8] = []) -> [UInt8] {
    channelDatagram(code: 0x0001, index: index, payload: [UInt8(opcode & 0xFF), UInt8(opcode >> 8), status] + returned)
  }

  @Test func aPatternIsItsTypeOffsetLengthAndValuePaddedTo31Bytes() throws {
    let iBeacon = try #require(AdvertisementPattern(adType: 0xFF, offset: 0, value: [0x4C, 0x00, 0x02, 0x15]))
    #expect(iBeacon.parameters.count == 34)
    #expect(Array(iBeacon.parameters.prefix(7)) == [0xFF, 0x00, 0x04, 0x4C, 0x00, 0x02, 0x15])
    #expect(iBeacon.parameters.dropFirst(7).allSatisfy { $0 == 0 })
  }

  @Test func aPatternMustFitTheAdvertisingData() {
    #expect(AdvertisementPattern(adType: 0xFF, offset: 0, value: []) == nil)
    #expect(AdvertisementPattern(adType: 0xFF, offset: 28, value: [1, 2, 3, 4]) == nil)
    #expect(AdvertisementPattern(adType: 0xFF, offset: 27, value: [1, 2, 3, 4]) != nil)
    #expect(AdvertisementPattern(adType: 0xFF, offset: 255, value: [1]) == nil)
  }

  @Test func addingReturnsTheKernelsHandleAndRemovingSendsIt() throws {
    let system = ScriptedSystemCalls(
      .init(datagrams: [
        Self.complete(0x0052, index: 0, [0x03, 0x00]),
        Self.complete(0x0053, index: 0, [0x03, 0x00]),
      ]))
    let socket = try ManagementSocket.open(system: system)
    let hci0 = HCIDeviceIndex(rawValue: 0)
    let pattern = try #require(AdvertisementPattern(adType: 0xFF, offset: 0, value: [0x4C, 0x00, 0x02, 0x15]))
    #expect(try socket.addAdvertisementMonitor([pattern], device: hci0) == 3)
    try socket.removeAdvertisementMonitor(3, device: hci0)
    #expect(
      system.written == [
        [0x52, 0x00, 0x00, 0x00, 35, 0x00, 1] + pattern.parameters,
        [0x53, 0x00, 0x00, 0x00, 2, 0x00, 0x03, 0x00],
      ])
  }

  /// Handle 0 means every monitor, bluetoothd's too: it is never sent.
  @Test func handleZeroIsNeverSent() throws {
    let system = ScriptedSystemCalls()
    let socket = try ManagementSocket.open(system: system)
    try socket.removeAdvertisementMonitor(0, device: HCIDeviceIndex(rawValue: 0))
    #expect(system.written.isEmpty)
  }

  /// A kernel before 5.10 does not know the command; an unprivileged process is refused. Both
  /// say what to do.
  @Test func refusalsSayWhatToDo() throws {
    let system = ScriptedSystemCalls(
      .init(datagrams: [
        Self.complete(0x0052, index: 0, status: 0x01),
        Self.complete(0x0052, index: 0, status: 0x14),
      ]))
    let socket = try ManagementSocket.open(system: system)
    let hci0 = HCIDeviceIndex(rawValue: 0)
    let pattern = try #require(AdvertisementPattern(adType: 0xFF, offset: 0, value: [0x4C]))
    #expect(throws: ManagementError.self) { try socket.addAdvertisementMonitor([pattern], device: hci0) }
    do {
      _ = try socket.addAdvertisementMonitor([pattern], device: hci0)
      Issue.record("a refused command must throw")
    } catch {
      #expect(error.description.contains("CAP_NET_ADMIN"))
      #expect(error.connectionError == .notAuthorized(error))
    }
  }
}
