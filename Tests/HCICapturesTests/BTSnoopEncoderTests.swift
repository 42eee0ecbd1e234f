import BluetoothTypes
import HCICaptures
import HCICodec
import Testing

@Suite("BTSnoopEncoder")
struct BTSnoopEncoderTests {
  static let time = Timestamp(microsecondsSinceUnixEpoch: 1_719_603_154_369_587)

  static let packets: [HCIPacket] = [
    HCIPacket(type: .command, direction: .hostToController, bytes: BTSnoopBytes.resetCommand[...]),
    HCIPacket(type: .event, direction: .controllerToHost, bytes: BTSnoopBytes.resetComplete[...]),
    HCIPacket(type: .aclData, direction: .hostToController, bytes: BTSnoopBytes.aclPacket[...]),
    HCIPacket(type: .aclData, direction: .controllerToHost, bytes: BTSnoopBytes.aclPacket[...]),
  ]

  @Test func fileHeaderBytes() {
    #expect(BTSnoopEncoder().fileHeader() == BTSnoopBytes.header(datalink: 2001))
    #expect(BTSnoopEncoder(datalink: .h4).fileHeader() == BTSnoopBytes.header(datalink: 1002))
    #expect(BTSnoopEncoder(datalink: .hci).fileHeader() == BTSnoopBytes.header(datalink: 1001))
  }

  @Test func writesTheSameBytesAsTheHandBuiltFiles() throws {
    for (datalink, expected) in [
      (BTSnoopDatalink.hci, BTSnoopBytes.hciFile), (.h4, BTSnoopBytes.h4File),
    ] {
      let encoder = BTSnoopEncoder(datalink: datalink)
      var bytes = encoder.fileHeader()
      let packets = datalink == .h4 ? [Self.packets[0], Self.packets[1], Self.packets[3]] : Self.packets
      for packet in packets {
        try encoder.appendRecord(for: packet, at: Self.time, to: &bytes)
      }
      #expect(bytes == expected, "datalink \(datalink)")
    }
  }

  @Test func monitorRecordCarriesControllerIndexAndOpcode() throws {
    let bytes = try BTSnoopEncoder().record(for: Self.packets[1], at: Self.time, controllerIndex: 1)
    #expect(bytes == BTSnoopBytes.record(flags: 0x0001_0003, data: BTSnoopBytes.resetComplete))
  }

  @Test(arguments: [BTSnoopDatalink.hci, .h4, .linuxMonitor])
  func roundTrip(datalink: BTSnoopDatalink) throws {
    let encoder = BTSnoopEncoder(datalink: datalink)
    var bytes = encoder.fileHeader()
    var packets = Self.packets
    if datalink != .hci {
      packets.append(HCIPacket(type: .synchronousData, direction: .controllerToHost, bytes: [0x01, 0x00, 0x01, 0x7F]))
      packets.append(HCIPacket(type: .isoData, direction: .hostToController, bytes: [0x02, 0x00, 0x00, 0x00]))
    }
    for (offset, packet) in packets.enumerated() {
      let time = Timestamp(microsecondsSinceUnixEpoch: Self.time.microsecondsSinceUnixEpoch + Int64(offset))
      try encoder.appendRecord(for: packet, at: time, controllerIndex: 3, to: &bytes)
    }
    let outcome = BTSnoopBytes.decode(bytes, splitAt: [])
    #expect(outcome.error == nil && outcome.warning == nil)
    let captured = try outcome.records.compactMap { try $0.capturedPacket(datalink: datalink) }
    #expect(captured.map(\.packet) == packets)
    #expect(
      captured.map(\.time.microsecondsSinceUnixEpoch)
        == packets.indices.map { Self.time.microsecondsSinceUnixEpoch + Int64($0) })
    #expect(captured.allSatisfy { $0.controllerIndex == (datalink == .linuxMonitor ? 3 : nil) })
  }

  @Test func hciDatalinkCannotHoldSCOOrISO() {
    let sco = HCIPacket(type: .synchronousData, direction: .hostToController, bytes: [0x01, 0x00, 0x00])
    #expect(throws: BTSnoopEncodingError.packetTypeNotRepresentable(.synchronousData, datalink: .hci)) {
      try BTSnoopEncoder(datalink: .hci).record(for: sco, at: Self.time)
    }
  }

  @Test func unknownPacketTypeIsRejectedForEveryDatalink() {
    let odd = HCIPacket(type: HCIPacketType(rawValue: 0x09), direction: .hostToController, bytes: [0x00])
    for datalink in BTSnoopDatalink.supported {
      #expect(throws: BTSnoopEncodingError.packetTypeNotRepresentable(odd.type, datalink: datalink)) {
        try BTSnoopEncoder(datalink: datalink).record(for: odd, at: Self.time)
      }
    }
  }

  @Test func oversizedPacketIsRejected() {
    let big = HCIPacket(type: .aclData, direction: .hostToController, bytes: ArraySlice(repeating: 0, count: 70_000))
    #expect(throws: BTSnoopEncodingError.packetTooLarge(byteCount: 70_001)) {
      try BTSnoopEncoder(datalink: .h4).record(for: big, at: Self.time)
    }
  }

  @Test func newIndexRecordLayout() throws {
    let address = try #require(BluetoothAddress("06:05:04:03:02:01"))
    let bytes = BTSnoopEncoder.newIndexRecord(controllerIndex: 1, at: Self.time, address: address, name: "hci1")
    #expect(Array(BTSnoopBytes.monitorFile[16..<56]) == bytes)
  }
}
