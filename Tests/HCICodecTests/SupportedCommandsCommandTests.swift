import Testing

@testable import BluetoothTypes
@testable import HCICodec

/// The Supported_Commands positions (Core v5.4 Vol 4 Part E §6.27) of the commands this
/// toolkit sends, transcribed independently of the source: BlueZ monitor/packet.c numbers each
/// command's bit as `octet * 8 + bit` in its opcode_table (e.g. `{ 0x2036, 290, "LE Set
/// Extended Advertising Parameters" }`), and the spec table lists the same positions.
private let specTable: [(opcode: UInt16, blueZBit: Int, name: String)] = [
  (0x0C01, 46, "Set Event Mask"),
  (0x0C03, 47, "Reset"),
  (0x1001, 115, "Read Local Version Information"),
  (0x1009, 121, "Read BD_ADDR"),
  (0x2001, 200, "LE Set Event Mask"),
  (0x2003, 202, "LE Read Local Supported Features"),
  (0x2005, 204, "LE Set Random Address"),
  (0x2006, 205, "LE Set Advertising Parameters"),
  (0x2008, 207, "LE Set Advertising Data"),
  (0x2009, 208, "LE Set Scan Response Data"),
  (0x200A, 209, "LE Set Advertising Enable"),
  (0x200B, 210, "LE Set Scan Parameters"),
  (0x200C, 211, "LE Set Scan Enable"),
  (0x2036, 290, "LE Set Extended Advertising Parameters"),
  (0x2037, 291, "LE Set Extended Advertising Data"),
  (0x2039, 293, "LE Set Extended Advertising Enable"),
  (0x203C, 296, "LE Remove Advertising Set"),
  (0x2041, 301, "LE Set Extended Scan Parameters"),
  (0x2042, 302, "LE Set Extended Scan Enable"),
]

@Suite struct SupportedCommandsCommandTests {
  @Test func bitPositionsMatchTheSpecTable() throws {
    for entry in specTable {
      let bit = try #require(SupportedCommands.Bit.forOpcode(HCIOpcode(rawValue: entry.opcode)), "\(entry.name)")
      #expect(bit.octet * 8 + bit.bit == entry.blueZBit, "\(entry.name)")
      #expect((0..<8).contains(bit.bit))
    }
  }

  @Test func namedPositionsFromTheBrief() {
    // Octet 36 bit 2 (not bit 6, which is LE Read Maximum Advertising Data Length).
    #expect(SupportedCommands.Bit.leSetExtendedAdvertisingParameters == .init(octet: 36, bit: 2))
    #expect(SupportedCommands.Bit.leSetExtendedScanParameters == .init(octet: 37, bit: 5))
    #expect(SupportedCommands.Bit.reset == .init(octet: 5, bit: 7))
  }

  @Test func everyCommandTypeHasItsBit() {
    let commands: [any HCICommand.Type] = [
      SetEventMask.self, Reset.self, ReadLocalVersionInformation.self, ReadBDADDR.self, LESetEventMask.self,
      LEReadLocalSupportedFeatures.self, LESetRandomAddress.self, LESetAdvertisingParameters.self,
      LESetAdvertisingData.self, LESetScanResponseData.self, LESetAdvertisingEnable.self,
      LESetScanParameters.self, LESetScanEnable.self, LESetExtendedAdvertisingParameters.self,
      LESetExtendedAdvertisingData.self, LESetExtendedAdvertisingEnable.self, LERemoveAdvertisingSet.self,
      LESetExtendedScanParameters.self, LESetExtendedScanEnable.self,
    ]
    #expect(Set(commands.map { $0.opcode.rawValue }) == Set(specTable.map(\.opcode)))
    #expect(SupportedCommands.Bit.forOpcode(ReadLocalSupportedCommands.opcode) == nil)
  }

  @Test func queriesABitmap() throws {
    // A legacy-only LE controller: octets 25 and 26 fully set, nothing in 36/37.
    var octets = [UInt8](repeating: 0, count: 64)
    octets[5] = 0xC0
    octets[25] = 0xFF
    octets[26] = 0x0F
    let commands = try SupportedCommands(octets: octets)
    #expect(commands.isSupported(LESetScanEnable.self) == true)
    #expect(commands.isSupported(Reset.self) == true)
    #expect(commands.isSupported(LESetExtendedAdvertisingParameters.self) == false)
    #expect(commands.isSupported(ReadLocalSupportedCommands.self) == nil)
    #expect(commands.supports(octet: 25, bit: 7))
    #expect(!commands.supports(octet: 64, bit: 0))
    #expect(!commands.supports(octet: 0, bit: 8))
    #expect(!commands.supports(octet: -1, bit: 0))

    let extended = SupportedCommands(supporting: [.leSetExtendedAdvertisingParameters, .leSetExtendedScanEnable])
    #expect(extended.octets[36] == 0x04)
    #expect(extended.octets[37] == 0x40)
    #expect(extended.isSupported(LESetExtendedScanEnable.self) == true)
    // Positions outside the field are ignored rather than trapping.
    let outside = SupportedCommands(supporting: [
      .init(octet: -1, bit: 0), .init(octet: 64, bit: 0), .init(octet: 0, bit: 9),
    ])
    #expect(outside == SupportedCommands())
  }

  @Test func wrongSizeIsTypedError() {
    #expect(throws: ByteDecodingError.lengthMismatch(field: "Supported_Commands", declared: 64, available: 63)) {
      try SupportedCommands(octets: [UInt8](repeating: 0, count: 63))
    }
  }
}
