import BeaconTestSupport
import Glibc
import HCICodec
import HCITestSupport
import SystemPackage
import Testing

@testable import LinuxHCITransports

@Suite struct HCISocketIOTests {
  let hci0 = HCIDeviceIndex(rawValue: 0)
  /// Command Complete for HCI_Reset (0x0C03), status success, as the raw socket delivers it.
  let resetComplete: [UInt8] = [0x04, 0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00]

  @Test func opensAndBindsToTheDeviceAndChannel() throws {
    let system = ScriptedSystemCalls()
    let socket = try HCISocket.open(device: HCIDeviceIndex(rawValue: 2), channel: .user, system: system)
    #expect(system.log == ["open", "bind"])
    #expect(system.script.withLock { $0.bound.map(\.device) } == [2])
    #expect(system.script.withLock { $0.bound.map(\.channel) } == [1])
    #expect(socket.device == HCIDeviceIndex(rawValue: 2))
    #expect(socket.channel == .user)
  }

  @Test func receivesAnEventWithItsIndicatorStripped() throws {
    let system = ScriptedSystemCalls(.init(datagrams: [resetComplete]))
    let socket = try HCISocket.open(device: hci0, channel: .raw, system: system)
    let packet = try #require(try socket.receive(timeout: .seconds(1)))
    #expect(packet.type == .event)
    #expect(packet.direction == .controllerToHost)
    #expect(Array(packet.bytes) == [0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00])
    guard case .commandComplete(let complete) = try HCIEvent(decoding: packet.bytes) else {
      Issue.record("expected Command Complete")
      return
    }
    #expect(complete.numHCICommandPackets == 1)
    #expect(complete.commandOpcode == HCIOpcode(rawValue: 0x0C03))
    #expect(Array(complete.returnParameters) == [0x00])
  }

  @Test func receivesAnLEAdvertisingReport() throws {
    // LE Meta, Advertising Report: 1 report, ADV_NONCONN_IND, public address, 3 data bytes, RSSI -60.
    let report: [UInt8] = [
      0x04, 0x3E, 0x0F, 0x02, 0x01, 0x03, 0x00, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0x03, 0x02, 0x01, 0x06, 0xC4,
    ]
    let system = ScriptedSystemCalls(.init(datagrams: [report]))
    let socket = try HCISocket.open(device: hci0, channel: .raw, system: system)
    let packet = try #require(try socket.receive(timeout: .seconds(1)))
    #expect(packet.type == .event)
    guard case .leMeta = try HCIEvent(decoding: packet.bytes) else {
      Issue.record("expected an LE Meta event")
      return
    }
  }

  @Test func retriesPollAndReadInterruptedBySignals() throws {
    let system = ScriptedSystemCalls(.init(datagrams: [resetComplete]))
    let socket = try HCISocket.open(device: hci0, channel: .raw, system: system)
    system.fail("poll", with: EINTR, EINTR)
    system.fail("read", with: EINTR)
    let packet = try socket.receive(timeout: .seconds(5))
    #expect(packet?.type == .event)
    #expect(system.count("poll") == 3)
    #expect(system.count("read") == 2)
  }

  @Test func returnsNothingWhenTheTimeoutPasses() throws {
    let system = ScriptedSystemCalls()
    let socket = try HCISocket.open(device: hci0, channel: .raw, system: system)
    #expect(try socket.receive(timeout: .zero) == nil)
    #expect(system.count("read") == 0)
  }

  @Test func anEmptyReadIsAnError() throws {
    let system = ScriptedSystemCalls(.init(datagrams: [[]]))
    let socket = try HCISocket.open(device: hci0, channel: .raw, system: system)
    #expect(throws: HCISocketError.emptyRead) { try socket.receive(timeout: .seconds(1)) }
  }

  @Test func aPacketShorterThanItsHeaderSaysIsMalformed() throws {
    let system = ScriptedSystemCalls(.init(datagrams: [[0x04, 0x0E, 0x04, 0x01, 0x03]]))
    let socket = try HCISocket.open(device: hci0, channel: .raw, system: system)
    #expect(
      throws: HCISocketError.malformedPacket(.lengthMismatch(field: "HCI event", declared: 4, available: 2))
    ) { try socket.receive(timeout: .seconds(1)) }
  }

  @Test func vendorPacketsPassThroughUnchecked() throws {
    let system = ScriptedSystemCalls(.init(datagrams: [[0xFF, 0x01, 0x02]]))
    let socket = try HCISocket.open(device: hci0, channel: .raw, system: system)
    let packet = try #require(try socket.receive(timeout: .seconds(1)))
    #expect(packet.type == HCIPacketType(rawValue: 0xFF))
    #expect(Array(packet.bytes) == [0x01, 0x02])
  }

  @Test func sendsAPacketWithItsIndicatorFirst() throws {
    let system = ScriptedSystemCalls()
    let socket = try HCISocket.open(device: hci0, channel: .raw, system: system)
    system.fail("write", with: EINTR)
    let reset = HCIPacket(type: .command, direction: .hostToController, bytes: [0x03, 0x0C, 0x00])
    try socket.send(reset)
    #expect(system.count("write") == 2, "the interrupted write is tried again")
    #expect(system.written == [[0x01, 0x03, 0x0C, 0x00]])
  }

  @Test func aShortWriteIsAnError() throws {
    let system = ScriptedSystemCalls(.init(writeLimit: 2))
    let socket = try HCISocket.open(device: hci0, channel: .raw, system: system)
    #expect(throws: HCISocketError.shortWrite(written: 2, expected: 4)) {
      try socket.send(h4Bytes: [0x01, 0x03, 0x0C, 0x00])
    }
  }

  @Test func sendingNothingIsAnError() throws {
    let socket = try HCISocket.open(device: hci0, channel: .raw, system: ScriptedSystemCalls())
    #expect(throws: HCISocketError.missingPacketIndicator) { try socket.send(h4Bytes: []) }
  }

  @Test func setsTheFilterThroughTheShim() throws {
    let system = ScriptedSystemCalls()
    let socket = try HCISocket.open(device: hci0, channel: .raw, system: system)
    try socket.setFilter(.allEvents)
    try socket.setFilter(HCIFilter(packetTypes: [.event, .command], events: .only([.leMeta, .commandComplete])))
    let filters = system.script.withLock { $0.filters }
    #expect(filters.map(\.types) == [[0x04], [0x01, 0x04]])
    #expect(filters.map(\.events) == [nil, [0x0E, 0x3E]])
  }

  @Test func theUserChannelHasNoFilter() throws {
    let system = ScriptedSystemCalls()
    let socket = try HCISocket.open(device: hci0, channel: .user, system: system)
    #expect(throws: HCISocketError.filterNeedsRawChannel(.user)) { try socket.setFilter(.allEvents) }
    #expect(system.count("setFilter") == 0)
  }

  @Test func aClosedSocketRefusesWorkAndClosesOnce() throws {
    let system = ScriptedSystemCalls()
    let socket = try HCISocket.open(device: hci0, channel: .raw, system: system)
    try socket.close()
    try socket.close()
    #expect(socket.isClosed)
    #expect(system.closed == [ScriptedSystemCalls.descriptor])
    #expect(throws: HCISocketError.socketClosed) { try socket.receive(timeout: .zero) }
    #expect(throws: HCISocketError.socketClosed) { try socket.send(h4Bytes: [0x01, 0x03, 0x0C, 0x00]) }
  }

  @Test func releasingASocketClosesIt() throws {
    let system = ScriptedSystemCalls()
    do {
      let socket = try HCISocket.open(device: hci0, channel: .raw, system: system)
      #expect(!socket.isClosed)
    }
    #expect(system.closed == [ScriptedSystemCalls.descriptor])
  }

  @Test func anInterruptedCloseIsNotRetried() throws {
    let system = ScriptedSystemCalls()
    let socket = try HCISocket.open(device: hci0, channel: .raw, system: system)
    system.fail("close", with: EINTR)
    #expect(throws: HCISocketError.system(.close, Errno(rawValue: EINTR))) { try socket.close() }
    #expect(socket.isClosed)
    #expect(system.count("close") == 1)
  }
}
