import BeaconTestSupport
import Foundation
import Glibc
import HCICaptures
import HCICodec
import HCITestSupport
import HCITransportCore
import Testing

@testable import LinuxHCITransports

/// The monitor channel, fed the datagrams the kernel would deliver: the records of a btsnoop
/// monitor capture (datalink 2001) are the same frames (`btmon -w` writes what the channel reads,
/// opcode and index in the record's flags), each given the channel's 6-byte header again.
@Suite("MonitorHCIConnection")
struct MonitorHCIConnectionTests {
  /// A record as the monitor channel delivers it: opcode, index, length (LE16 each), payload.
  static func datagram(opcode: UInt16, index: UInt16, payload: some Collection<UInt8>) -> [UInt8] {
    channelDatagram(code: opcode, index: index, payload: payload)
  }

  /// The capture's records as monitor datagrams, and the events among them, in order.
  static func monitorTraffic(of fixture: String) throws -> (datagrams: [[UInt8]], events: [[UInt8]]) {
    var decoder = BTSnoopDecoder()
    decoder.append(try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture(fixture))))
    #expect(try decoder.readFileHeader() == .linuxMonitor)
    var datagrams: [[UInt8]] = []
    var events: [[UInt8]] = []
    while let record = try decoder.nextRecord() {
      let opcode = UInt16(record.flags & 0xFFFF)
      datagrams.append(datagram(opcode: opcode, index: UInt16(record.flags >> 16), payload: record.data))
      if opcode == LinuxMonitorOpcode.eventPacket.rawValue { events.append(Array(record.data)) }
    }
    return (datagrams, events)
  }

  /// Every event a connection hands out until nothing is waiting.
  static func drain(_ connection: MonitorHCIConnection) throws(HCIConnectionError) -> [[UInt8]] {
    var events: [[UInt8]] = []
    while let packet = try connection.receive(timeout: .zero) {
      #expect(packet.packet.type == .event)
      #expect(packet.packet.direction == .controllerToHost)
      events.append(Array(packet.packet.bytes))
    }
    return events
  }

  @Test func bindsToNoDeviceOnTheMonitorChannelAndSendsNothing() throws {
    let system = ScriptedSystemCalls(.init(devices: [.scripted(0)]))
    let connection = try MonitorHCIConnection.open(device: HCIDeviceIndex(rawValue: 0), system: system)
    #expect(connection.name == "monitor:hci0")
    #expect(!connection.answersCommands)
    #expect(system.script.withLock { $0.bound.map(\.device) } == [0xFFFF])
    #expect(system.script.withLock { $0.bound.map(\.channel) } == [2])
    #expect(system.count("setFilter") == 0)
    #expect(system.count("deviceUp") == 0)
    #expect(throws: HCIConnectionError.self) {
      try connection.send(HCIPacket(type: .command, direction: .hostToController, bytes: [0x03, 0x0C, 0]))
    }
    #expect(system.count("write") == 0)
  }

  @Test func handsOutEveryEventOfACaptureAndNothingElse() throws {
    let traffic = try Self.monitorTraffic(of: "tricky-reports.btsnoop")
    #expect(traffic.datagrams.count > traffic.events.count)
    let system = ScriptedSystemCalls(.init(datagrams: traffic.datagrams))
    let connection = try MonitorHCIConnection.open(device: nil, system: system)
    #expect(connection.name == "monitor")
    #expect(try Self.drain(connection) == traffic.events)
  }

  /// `monitor:hci1` hands out hci1's events only, and ends when hci1 is removed.
  @Test func oneControllerOfTwoUntilItIsRemoved() throws {
    let traffic = try Self.monitorTraffic(of: "monitor-station-health.btsnoop")
    var datagrams: [[UInt8]] = []
    for datagram in traffic.datagrams {
      datagrams.append(datagram)
      var other = datagram
      other[2] = 1
      // hci1's copy of each event differs from hci0's in its last byte.
      if other[0] == 3, let last = other.indices.last { other[last] ^= 0xFF }
      datagrams.append(other)
    }
    datagrams.append(Self.datagram(opcode: 1, index: 1, payload: []))
    let system = ScriptedSystemCalls(.init(devices: [.scripted(0), .scripted(1)], datagrams: datagrams))
    let connection = try MonitorHCIConnection.open(device: HCIDeviceIndex(rawValue: 1), system: system)
    var events: [[UInt8]] = []
    do {
      while let packet = try connection.receive(timeout: .zero) { events.append(Array(packet.packet.bytes)) }
      Issue.record("hci1's removal did not end the connection")
    } catch {
      guard case .closed(let failure) = error else {
        Issue.record("expected .closed, got \(error)")
        return
      }
      #expect(failure as? HCISocketError == .deviceRemoved(HCIDeviceIndex(rawValue: 1)))
    }
    let expected = traffic.events.map { event in
      var copy = event
      if let last = copy.indices.last { copy[last] ^= 0xFF }
      return copy
    }
    #expect(!expected.isEmpty)
    #expect(events == expected)
  }

  @Test func aDeviceTheKernelDoesNotHaveIsRefusedWithTheOnesItHas() {
    let system = ScriptedSystemCalls(.init(devices: [.scripted(0)]))
    do {
      _ = try MonitorHCIConnection.open(device: HCIDeviceIndex(rawValue: 3), system: system)
      Issue.record("opened monitor:hci3 without an hci3")
    } catch {
      guard case .unavailable(let failure) = error else {
        Issue.record("expected .unavailable, got \(error)")
        return
      }
      #expect(failure.description.contains("no such device hci3; the devices here are: hci0"))
    }
    #expect(system.count("bind") == 0)
  }

  @Test func withoutCapNetRawTheBindIsRefusedWithAdvice() {
    let system = ScriptedSystemCalls(.init())
    system.fail("bind", with: EPERM)
    do {
      _ = try MonitorHCIConnection.open(device: nil, system: system)
      Issue.record("bound without permission")
    } catch {
      guard case .notAuthorized(let failure) = error else {
        Issue.record("expected .notAuthorized, got \(error)")
        return
      }
      #expect(failure.description.contains("could not bind to the HCI monitor channel (EPERM)"))
      #expect(failure.description.contains("setcap cap_net_raw"))
    }
    #expect(system.closed == [ScriptedSystemCalls.descriptor])
  }

  @Test func aShortDatagramOrAnEventLongerThanItSaysIsMalformed() {
    for datagram: [UInt8] in [[3, 0, 0], Self.datagram(opcode: 3, index: 0, payload: [0x3E, 9, 2, 1])] {
      let system = ScriptedSystemCalls(.init(datagrams: [datagram]))
      #expect {
        _ = try MonitorHCIConnection.open(device: nil, system: system).receive(timeout: .zero)
      } throws: { error in
        guard let error = error as? HCIConnectionError, case .framing = error else { return false }
        return true
      }
    }
  }

  @Test func parsesAsATransport() throws {
    #expect(try TransportSpec(parsing: "monitor") == .monitor(device: nil))
    #expect(try TransportSpec(parsing: "monitor:hci2") == .monitor(device: HCIDeviceIndex(rawValue: 2)))
    #expect(try TransportSpec(parsing: "monitor:0") == .monitor(device: HCIDeviceIndex(rawValue: 0)))
    #expect(TransportSpec.monitor(device: HCIDeviceIndex(rawValue: 2)).description == "monitor:hci2")
    #expect(TransportSpec.monitor(device: nil).onlyListens)
    #expect(!TransportSpec.kernel(device: HCIDeviceIndex(rawValue: 0)).onlyListens)
    for text in ["monitor:", "monitor:hciX", "monitor:65535", "monitors"] {
      #expect(throws: TransportSpecError.self) { try TransportSpec(parsing: text) }
    }
  }
}
