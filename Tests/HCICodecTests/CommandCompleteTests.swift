import Testing

@testable import BluetoothTypes
@testable import HCICodec

/// Decodes `hex` as an HCI event packet (no H4 indicator) that must be Command Complete.
private func commandComplete(_ hex: String, sourceLocation: SourceLocation = #_sourceLocation) throws
  -> CommandComplete
{
  let packet = try #require(Hex.decode(hex), sourceLocation: sourceLocation)
  guard case .commandComplete(let event) = try HCIEvent(decoding: packet) else {
    Issue.record("not a Command Complete event", sourceLocation: sourceLocation)
    throw ByteDecodingError.invalidValue(field: "Event_Code", value: UInt64(packet[0]))
  }
  return event
}

@Suite struct CommandCompleteTests {
  /// BlueZ doc/btmon.rst, "Typical command-response pair": Read BD ADDR, Command Complete
  /// plen 10, Status Success, Address 00:11:22:33:44:55.
  @Test func readBDADDRFromBtmonDocumentation() throws {
    let event = try commandComplete("0E 0A 01 09 10 00 55 44 33 22 11 00")
    #expect(event.numHCICommandPackets == 1)
    let returned = try event.returnParameters(of: ReadBDADDR.self)
    #expect(returned.status == .success)
    #expect(returned.bdAddr.description == "00:11:22:33:44:55")
  }

  /// The response BlueZ's emulator (emulator/btdev.c) gives for a BR/EDR/LE 5.2 controller:
  /// version 0x0b for HCI and LMP, revision 0x0000, manufacturer 1521 (0x05F1).
  @Test func readLocalVersionInformationFromBlueZEmulator() throws {
    let event = try commandComplete("0E 0C 01 01 10 00 0B 00 00 0B F1 05 00 00")
    let returned = try event.returnParameters(of: ReadLocalVersionInformation.self)
    #expect(
      returned
        == ReadLocalVersionInformation.ReturnParameters(
          status: .success, hciVersion: .core52, hciSubversion: 0, lmpVersion: .core52,
          companyIdentifier: 0x05F1, lmpSubversion: 0))
    #expect(returned.hciVersion.description == "5.2")
  }

  @Test func readLocalVersionInformationTruncated() throws {
    let event = try commandComplete("0E 08 01 01 10 00 0B 00 00 0B")
    #expect(throws: ByteDecodingError.truncated(field: "Company_Identifier", needed: 2, available: 0)) {
      try event.returnParameters(of: ReadLocalVersionInformation.self)
    }
  }

  /// LE features as BlueZ's emulator sets them for a 5.0 controller (emulator/btdev.c: LL
  /// Privacy in octet 0; LE 2M PHY, LE Coded PHY and LE Extended Advertising in octet 1).
  @Test func leReadLocalSupportedFeatures() throws {
    let event = try commandComplete("0E 0C 01 03 20 00 40 19 00 00 00 00 00 00")
    let features = try event.returnParameters(of: LEReadLocalSupportedFeatures.self).leFeatures
    #expect(features == [.llPrivacy, .le2MPHY, .leCodedPHY, .leExtendedAdvertising])
    #expect(features.contains(.leExtendedAdvertising))
    #expect(!features.contains(.lePeriodicAdvertising))
    #expect(LEFeatures.leExtendedAdvertising.rawValue == 1 << 12)
  }

  @Test func leReadLocalSupportedFeaturesTruncated() throws {
    let event = try commandComplete("0E 08 01 03 20 00 40 19 00 00")
    #expect(throws: ByteDecodingError.truncated(field: "LE_Features", needed: 8, available: 4)) {
      try event.returnParameters(of: LEReadLocalSupportedFeatures.self)
    }
  }

  /// Built from the spec: 68 parameter octets = Num_HCI_Command_Packets, opcode 0x1002,
  /// Status, 64 octets of Supported_Commands with octet 5 = 0xC0 (Set Event Mask, Reset),
  /// octet 36 = 0x2C (Set Extended Advertising Parameters/Data/Enable) and octet 37 = 0x61
  /// (Remove Advertising Set, Set Extended Scan Parameters/Enable).
  @Test func readLocalSupportedCommands() throws {
    var octets = [UInt8](repeating: 0, count: 64)
    octets[5] = 0xC0
    octets[36] = 0x2C
    octets[37] = 0x61
    let event = try commandComplete("0E 44 01 02 10 00 " + Hex.encode(octets, separator: " "))
    let commands = try event.returnParameters(of: ReadLocalSupportedCommands.self).supportedCommands
    #expect(commands.isSupported(Reset.self) == true)
    #expect(commands.isSupported(SetEventMask.self) == true)
    #expect(commands.isSupported(LESetExtendedAdvertisingParameters.self) == true)
    #expect(commands.isSupported(LESetExtendedAdvertisingData.self) == true)
    #expect(commands.isSupported(LESetExtendedAdvertisingEnable.self) == true)
    #expect(commands.isSupported(LERemoveAdvertisingSet.self) == true)
    #expect(commands.isSupported(LESetExtendedScanParameters.self) == true)
    #expect(commands.isSupported(LESetExtendedScanEnable.self) == true)
    #expect(commands.isSupported(LESetScanEnable.self) == false)
  }

  @Test func readLocalSupportedCommandsTruncated() throws {
    let event = try commandComplete("0E 08 01 02 10 00 00 FF FF FF")
    #expect(throws: ByteDecodingError.truncated(field: "Supported_Commands", needed: 64, available: 4)) {
      try event.returnParameters(of: ReadLocalSupportedCommands.self)
    }
  }

  @Test func leSetExtendedAdvertisingParametersSelectedTXPower() throws {
    let event = try commandComplete("0E 05 01 36 20 00 F9")
    let returned = try event.returnParameters(of: LESetExtendedAdvertisingParameters.self)
    #expect(returned == .init(status: .success, selectedTXPower: -7))
  }

  @Test func leSetExtendedAdvertisingParametersStatusOnlyIsTruncated() throws {
    let event = try commandComplete("0E 04 01 36 20 12")
    #expect(event.status == .invalidHCICommandParameters)
    #expect(throws: ByteDecodingError.truncated(field: "Selected_TX_Power", needed: 1, available: 0)) {
      try event.returnParameters(of: LESetExtendedAdvertisingParameters.self)
    }
  }

  @Test func statusOnlyReturnParameters() throws {
    let success = try commandComplete("0E 04 01 0C 20 00")
    #expect(try success.returnParameters(of: LESetScanEnable.self) == StatusReturnParameters(status: .success))
    let disallowed = try commandComplete("0E 04 01 0C 20 0C")
    #expect(try disallowed.returnParameters(of: LESetScanEnable.self).status == .commandDisallowed)
    let reset = try commandComplete("0E 04 01 03 0C 00")
    #expect(try reset.returnParameters(of: Reset.self).status.isSuccess)
  }

  @Test func statusOnlyWithoutStatusIsTruncated() throws {
    let event = try commandComplete("0E 03 01 0A 20")
    #expect(throws: ByteDecodingError.truncated(field: "Status", needed: 1, available: 0)) {
      try event.returnParameters(of: LESetAdvertisingEnable.self)
    }
  }

  @Test func trailingReturnParameterBytesAreRejected() throws {
    let event = try commandComplete("0E 05 01 0C 20 00 00")
    #expect(throws: ByteDecodingError.trailingBytes(field: "LESetScanEnable return parameters", count: 1)) {
      try event.returnParameters(of: LESetScanEnable.self)
    }
  }

  @Test func wrongOpcodeIsRejected() throws {
    let event = try commandComplete("0E 0A 01 09 10 00 55 44 33 22 11 00")
    #expect(throws: ByteDecodingError.invalidValue(field: "Command_Opcode", value: 0x1009)) {
      try event.returnParameters(of: ReadLocalVersionInformation.self)
    }
  }

  @Test func returnParametersRoundTrip() throws {
    func roundTrip<R: HCIReturnParameters>(_ value: R) throws -> R {
      var writer = ByteWriter()
      value.encode(into: &writer)
      var reader = ByteReader(writer.bytes)
      let decoded = try R(decoding: &reader)
      #expect(reader.isAtEnd)
      return decoded
    }
    let version = ReadLocalVersionInformation.ReturnParameters(
      status: .success, hciVersion: .core54, hciSubversion: 0x1234, lmpVersion: .core54,
      companyIdentifier: 0x000F, lmpSubversion: 0xABCD)
    #expect(try roundTrip(version) == version)
    let address = ReadBDADDR.ReturnParameters(status: .success, bdAddr: BluetoothAddress(rawValue: 0xAABB_CCDD_EEFF))
    #expect(try roundTrip(address) == address)
    let commands = ReadLocalSupportedCommands.ReturnParameters(
      status: .success, supportedCommands: SupportedCommands(supporting: [.reset]))
    #expect(try roundTrip(commands) == commands)
    let features = LEReadLocalSupportedFeatures.ReturnParameters(status: .success, leFeatures: [.leCodedPHY])
    #expect(try roundTrip(features) == features)
    let power = LESetExtendedAdvertisingParameters.ReturnParameters(status: .limitReached, selectedTXPower: -127)
    #expect(try roundTrip(power) == power)
  }
}
