import BluetoothTypes
import HCICaptures
import HCICodec
import Testing

@Suite("BTSnoopRecord.capturedPacket")
struct CapturedPacketTests {
  private func packets(_ file: [UInt8], datalink: BTSnoopDatalink) throws -> [CapturedPacket?] {
    let outcome = BTSnoopBytes.decode(file, splitAt: [])
    #expect(outcome.error == nil)
    return try outcome.records.map { try $0.capturedPacket(datalink: datalink) }
  }

  @Test func monitorRecordsGiveTypeDirectionAndControllerFromTheOpcode() throws {
    let packets = try packets(BTSnoopBytes.monitorFile, datalink: .linuxMonitor)
    #expect(packets.count == 6)
    #expect(packets[0] == nil, "New Index is not an HCI packet")
    #expect(packets[1] == nil, "a system note is not an HCI packet")
    let command = try #require(packets[2])
    #expect(
      command.packet == HCIPacket(type: .command, direction: .hostToController, bytes: BTSnoopBytes.resetCommand[...]))
    #expect(command.controllerIndex == 1)
    #expect(command.recordNumber == 3)
    #expect(command.byteOffset == 94)
    #expect(command.time == Timestamp(microsecondsSinceUnixEpoch: 1_719_603_154_369_588))
    #expect(packets[3]?.packet.type == .event)
    #expect(packets[3]?.packet.direction == .controllerToHost)
    #expect(packets[4]?.packet.type == .aclData)
    #expect(packets[4]?.packet.direction == .hostToController)
    #expect(packets[5]?.packet.type == .aclData)
    #expect(packets[5]?.packet.direction == .controllerToHost)
    #expect(packets[5].map { Array($0.packet.bytes) } == BTSnoopBytes.aclPacket)
  }

  @Test func monitorSCOAndISOOpcodes() throws {
    let record = { (opcode: UInt32) in
      BTSnoopRecord(
        recordNumber: 1, byteOffset: 16, originalLength: 3, flags: opcode, cumulativeDrops: 0,
        timestamp: BTSnoopTimestamp(rawValue: 0), data: [1, 2, 3])
    }
    #expect(try record(6).capturedPacket(datalink: .linuxMonitor)?.packet.type == .synchronousData)
    #expect(try record(7).capturedPacket(datalink: .linuxMonitor)?.packet.direction == .controllerToHost)
    #expect(try record(18).capturedPacket(datalink: .linuxMonitor)?.packet.type == .isoData)
    #expect(try record(18).capturedPacket(datalink: .linuxMonitor)?.packet.direction == .hostToController)
    #expect(try record(19).capturedPacket(datalink: .linuxMonitor)?.packet.direction == .controllerToHost)
    for metadata: UInt32 in [0, 1, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 20, 0xFFFF] {
      #expect(try record(metadata).capturedPacket(datalink: .linuxMonitor) == nil, "opcode \(metadata)")
    }
  }

  @Test func h4RecordsDropTheIndicatorByte() throws {
    let packets = try packets(BTSnoopBytes.h4File, datalink: .h4)
    #expect(
      packets.map { $0?.packet }
        == [
          HCIPacket(type: .command, direction: .hostToController, bytes: BTSnoopBytes.resetCommand[...]),
          HCIPacket(type: .event, direction: .controllerToHost, bytes: BTSnoopBytes.resetComplete[...]),
          HCIPacket(type: .aclData, direction: .controllerToHost, bytes: BTSnoopBytes.aclPacket[...]),
        ])
    #expect(packets.allSatisfy { $0?.controllerIndex == nil })
  }

  @Test func h4UnknownPacketTypeThrowsWithTheRecordPosition() throws {
    let file =
      BTSnoopBytes.header(datalink: 1002) + BTSnoopBytes.record(flags: 3, data: [0x04] + BTSnoopBytes.resetComplete)
      + BTSnoopBytes.record(flags: 0, data: [0x09, 0x00])
    let records = BTSnoopBytes.decode(file, splitAt: []).records
    #expect(records.count == 2)
    #expect(throws: BTSnoopError.unknownPacketType(0x09, recordNumber: 2, byteOffset: 47)) {
      try records[1].capturedPacket(datalink: .h4)
    }
  }

  @Test func h4EmptyRecordIsCorrupt() throws {
    let file = BTSnoopBytes.header(datalink: 1002) + BTSnoopBytes.record(flags: 0, data: [])
    let record = try #require(BTSnoopBytes.decode(file, splitAt: []).records.first)
    #expect(throws: BTSnoopError.corruptRecord(recordNumber: 1, byteOffset: 16, reason: .missingPacketType)) {
      try record.capturedPacket(datalink: .h4)
    }
  }

  @Test func hciRecordsTakeTypeAndDirectionFromTheFlags() throws {
    let packets = try packets(BTSnoopBytes.hciFile, datalink: .hci)
    #expect(packets.map { $0?.packet.type } == [.command, .event, .aclData, .aclData])
    #expect(
      packets.map { $0?.packet.direction }
        == [.hostToController, .controllerToHost, .hostToController, .controllerToHost])
    #expect(packets[1].map { Array($0.packet.bytes) } == BTSnoopBytes.resetComplete)
  }
}
