import Testing

@testable import BluetoothTypes
@testable import HCICodec

/// Checks that `command` encodes to the packet `hex` (opcode, length, parameters; no H4
/// indicator) and that decoding the packet's parameters gives `command` back.
func expectCommandPacket<Command: HCICommand>(
  _ command: Command, _ hex: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let packet = try #require(Hex.decode(hex), sourceLocation: sourceLocation)
  #expect(
    Hex.encode(command.encodedPacket(), separator: " ") == Hex.encode(packet, separator: " "),
    sourceLocation: sourceLocation)
  #expect(Int(packet[2]) == packet.count - 3, "length byte", sourceLocation: sourceLocation)
  let decoded = try Command(decodingParameters: packet[3...])
  #expect(decoded == command, sourceLocation: sourceLocation)
}

// Expected bytes are derived by hand from Core v5.4 Vol 4 Part E §7.3 / §7.4 / §7.8 and the
// opcodes and structures in BlueZ monitor/bt.h.
@Suite struct ControllerCommandTests {
  @Test func reset() throws {
    try expectCommandPacket(Reset(), "03 0C 00")
  }

  @Test func setEventMaskDefaultPlusLEMeta() throws {
    let command = SetEventMask(eventMask: EventMask.default.union(.leMeta))
    try expectCommandPacket(command, "01 0C 08 FF FF FF FF FF 1F 00 20")
    #expect(command.eventMask.contains(.hardwareError))
  }

  @Test func leSetEventMaskAdvertisingReports() throws {
    let command = LESetEventMask(leEventMask: [.advertisingReport, .extendedAdvertisingReport])
    try expectCommandPacket(command, "01 20 08 02 10 00 00 00 00 00 00")
  }

  @Test func readCommandsHaveNoParameters() throws {
    try expectCommandPacket(ReadLocalVersionInformation(), "01 10 00")
    try expectCommandPacket(ReadLocalSupportedCommands(), "02 10 00")
    try expectCommandPacket(LEReadLocalSupportedFeatures(), "03 20 00")
    try expectCommandPacket(ReadBDADDR(), "09 10 00")
  }

  @Test func parameterlessCommandRejectsParameters() {
    #expect(throws: ByteDecodingError.trailingBytes(field: "Reset parameters", count: 1)) {
      try Reset(decodingParameters: [0x00][...])
    }
  }

  @Test func leSetRandomAddress() throws {
    let address = try #require(BluetoothAddress("C0:11:22:33:44:55"))
    try expectCommandPacket(LESetRandomAddress(randomAddress: address), "05 20 06 55 44 33 22 11 C0")
  }

  @Test func truncatedAddressIsTypedError() {
    #expect(throws: ByteDecodingError.truncated(field: "Random_Address", needed: 6, available: 5)) {
      try LESetRandomAddress(decodingParameters: [1, 2, 3, 4, 5][...])
    }
  }
}

@Suite struct HCIOpcodeTests {
  @Test func opcodeSplitsIntoGroupAndCommand() {
    let opcode = HCIOpcode(groupField: 0x08, commandField: 0x000C)
    #expect(opcode.rawValue == 0x200C)
    #expect(opcode.groupField == 0x08)
    #expect(opcode.commandField == 0x000C)
    #expect(opcode.description == "0x200C")
  }
}
