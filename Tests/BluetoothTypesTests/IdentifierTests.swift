import Testing

@testable import BluetoothTypes

@Suite struct BluetoothAddressTests {
  @Test func wireOrderIsLeastSignificantFirst() throws {
    let address = try BluetoothAddress(littleEndianBytes: [0xFF, 0xEE, 0xDD, 0xCC, 0xBB, 0xAA])
    #expect(address.rawValue == 0xAABB_CCDD_EEFF)
    #expect(address.description == "AA:BB:CC:DD:EE:FF")
    #expect(address.littleEndianBytes == [0xFF, 0xEE, 0xDD, 0xCC, 0xBB, 0xAA])
  }

  @Test func readerAndWriterUseWireOrder() throws {
    var reader = ByteReader([0x35, 0x94, 0xEF, 0xCD, 0xD6, 0x1C, 0x99])
    let address = try reader.readAddress("Address")
    #expect(address.description == "1C:D6:CD:EF:94:35")
    #expect(reader.remainingCount == 1)
    var writer = ByteWriter()
    writer.write(address)
    #expect(writer.bytes == [0x35, 0x94, 0xEF, 0xCD, 0xD6, 0x1C])
  }

  @Test func truncatedAddressInReader() {
    var reader = ByteReader([0x01, 0x02, 0x03, 0x04, 0x05])
    #expect(throws: ByteDecodingError.truncated(field: "Address", needed: 6, available: 5)) {
      try reader.readAddress("Address")
    }
  }

  @Test func wrongByteCountIsALengthMismatch() {
    #expect(throws: ByteDecodingError.lengthMismatch(field: "BD_ADDR", declared: 6, available: 7)) {
      try BluetoothAddress(littleEndianBytes: [UInt8](repeating: 0, count: 7))
    }
  }

  @Test func parsesTextInEitherCaseAndPrintsUpperCase() {
    #expect(BluetoothAddress("aa:bb:cc:dd:ee:ff")?.rawValue == 0xAABB_CCDD_EEFF)
    #expect(BluetoothAddress("1c-d6-cd-ef-94-35")?.description == "1C:D6:CD:EF:94:35")
    #expect(BluetoothAddress("00:00:00:00:00:01")?.littleEndianBytes == [1, 0, 0, 0, 0, 0])
  }

  @Test(arguments: [
    "", "AA:BB:CC:DD:EE", "AA:BB:CC:DD:EE:FF:00", "AABBCCDDEEFF", "A:BB:CC:DD:EE:FFF", "GG:BB:CC:DD:EE:FF",
    "AA:BB:CC:DD:EE:+F", "AA::CC:DD:EE:FF", " AA:BB:CC:DD:EE:F",
  ])
  func rejectsMalformedText(_ text: String) {
    #expect(BluetoothAddress(text) == nil)
  }

  @Test func keepsOnly48Bits() {
    #expect(BluetoothAddress(rawValue: 0xFFFF_0000_0000_0001).rawValue == 1)
  }

  @Test func ordersByValue() {
    #expect(BluetoothAddress(rawValue: 1) < BluetoothAddress(rawValue: 2))
  }
}

@Suite struct UUID128Tests {
  static let text = "F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3"
  static let written: [UInt8] = [
    0xF6, 0x3B, 0x21, 0xBA, 0x26, 0x35, 0x4B, 0xE4, 0xB6, 0xFF, 0xE2, 0xEA, 0xB8, 0xB5, 0x41, 0xC3,
  ]

  @Test func bigEndianBytesAreWrittenOrder() throws {
    let uuid = try UUID128(bigEndianBytes: Self.written)
    #expect(uuid.high == 0xF63B_21BA_2635_4BE4)
    #expect(uuid.low == 0xB6FF_E2EA_B8B5_41C3)
    #expect(uuid.bigEndianBytes == Self.written)
    #expect(uuid.description == Self.text)
  }

  @Test func littleEndianBytesAreReversed() throws {
    let uuid = try UUID128(littleEndianBytes: Self.written.reversed())
    #expect(uuid.description == Self.text)
    // The Bluetooth base UUID as it appears in an AD 128-bit service list.
    let base = try UUID128(littleEndianBytes: [
      0xFB, 0x34, 0x9B, 0x5F, 0x80, 0x00, 0x00, 0x80, 0x00, 0x10, 0x00, 0x00, 0xAA, 0xFE, 0x00, 0x00,
    ])
    #expect(base.description == "0000FEAA-0000-1000-8000-00805F9B34FB")
  }

  @Test func wrongLengthThrows() {
    #expect(throws: ByteDecodingError.lengthMismatch(field: "UUID", declared: 16, available: 15)) {
      try UUID128(bigEndianBytes: [UInt8](repeating: 0, count: 15))
    }
    #expect(throws: ByteDecodingError.lengthMismatch(field: "UUID", declared: 16, available: 17)) {
      try UUID128(littleEndianBytes: [UInt8](repeating: 0, count: 17))
    }
  }

  @Test func parsesTextWithAndWithoutDashes() {
    #expect(UUID128(Self.text.lowercased()) == UUID128(high: 0xF63B_21BA_2635_4BE4, low: 0xB6FF_E2EA_B8B5_41C3))
    #expect(UUID128("F63B21BA26354BE4B6FFE2EAB8B541C3")?.description == Self.text)
    #expect(UUID128("00000000-0000-0000-0000-000000000000") == UUID128(high: 0, low: 0))
  }

  @Test(arguments: [
    "", "F63B21BA-2635-4BE4-B6FF-E2EAB8B541C", "F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3-",
    "F63B21BA2-635-4BE4-B6FF-E2EAB8B541C3", "F63B21BA-2635-4BE4-B6FF-E2EAB8B541CG",
    "F63B21BA-2635-4BE4B6FF-E2EAB8B541C3",
    "+63B21BA-2635-4BE4-B6FF-E2EAB8B541C3", "F63B21BA-2635-4BE4-+6FF-E2EAB8B541C3", "+63B21BA26354BE4B6FFE2EAB8B541C3",
  ])
  func rejectsMalformedText(_ text: String) {
    #expect(UUID128(text) == nil)
  }

  @Test func ordersByBytes() {
    #expect(UUID128(high: 0, low: .max) < UUID128(high: 1, low: 0))
    #expect(UUID128(high: 1, low: 1) < UUID128(high: 1, low: 2))
  }
}

@Suite struct TimestampTests {
  static func iso(_ micros: Int64) -> String {
    Timestamp(microsecondsSinceUnixEpoch: micros).iso8601
  }

  @Test func epochAndKnownInstants() {
    #expect(Self.iso(0) == "1970-01-01T00:00:00.000Z")
    #expect(Self.iso(1_700_000_000_000_000) == "2023-11-14T22:13:20.000Z")
    #expect(Self.iso(1_234_567) == "1970-01-01T00:00:01.234Z")
  }

  @Test func millisecondsAreTruncatedNotRounded() {
    #expect(Self.iso(999) == "1970-01-01T00:00:00.000Z")
    #expect(Self.iso(1_999_999) == "1970-01-01T00:00:01.999Z")
    #expect(Self.iso(1_709_164_800_000_999) == "2024-02-29T00:00:00.000Z")
  }

  @Test func leapYears() {
    #expect(Self.iso(951_782_400_000_000) == "2000-02-29T00:00:00.000Z")
    #expect(Self.iso(1_709_164_800_000_000 + 86_399_999_999) == "2024-02-29T23:59:59.999Z")
    // 1900 and 2100 are not leap years: 28 February is followed by 1 March.
    #expect(Self.iso(-2_203_977_600_000_000) == "1900-02-28T00:00:00.000Z")
    #expect(Self.iso(-2_203_891_200_000_000) == "1900-03-01T00:00:00.000Z")
    #expect(Self.iso(4_107_456_000_000_000) == "2100-02-28T00:00:00.000Z")
    #expect(Self.iso(4_107_542_400_000_000) == "2100-03-01T00:00:00.000Z")
    #expect(Self.iso(-11_670_998_400_000_000) == "1600-02-29T00:00:00.000Z")
  }

  @Test func beforeTheEpoch() {
    #expect(Self.iso(-1) == "1969-12-31T23:59:59.999Z")
    #expect(Self.iso(-1_000) == "1969-12-31T23:59:59.999Z")
    #expect(Self.iso(-1_001) == "1969-12-31T23:59:59.998Z")
    #expect(Self.iso(-1_000_000) == "1969-12-31T23:59:59.000Z")
    #expect(Self.iso(-86_400_000_000) == "1969-12-31T00:00:00.000Z")
    #expect(Self.iso(-62_135_596_800_000_000) == "0001-01-01T00:00:00.000Z")
    // Year 0 (1 BC) is a leap year in the proleptic Gregorian calendar.
    #expect(Self.iso(-62_162_121_600_000_000) == "0000-02-29T00:00:00.000Z")
  }

  @Test func extremesDoNotTrap() {
    #expect(Self.iso(.max) == "294247-01-10T04:00:54.775Z")
    #expect(Self.iso(.min) == "-290308-12-21T19:59:05.224Z")
  }

  @Test func comparesByTime() {
    #expect(Timestamp(microsecondsSinceUnixEpoch: -1) < Timestamp(microsecondsSinceUnixEpoch: 0))
  }
}

@Suite struct SmallIdentifierTests {
  @Test func addressTypeFoldsIdentityTypes() {
    #expect(LEAddressType.public.isRandom == false)
    #expect(LEAddressType.publicIdentity.isRandom == false)
    #expect(LEAddressType.random.isRandom == true)
    #expect(LEAddressType.randomIdentity.isRandom == true)
    #expect(LEAddressType.anonymous.isRandom == nil)
    #expect(LEAddressType(rawValue: 0x04).isRandom == nil)
  }
}

@Suite struct BigEndianHexTests {
  @Test func lowBytesMostSignificantFirst() {
    #expect(Hex.encode(bigEndian: 0x200C, byteCount: 2) == "200C")
    #expect(Hex.encode(bigEndian: 0xAA_BB_CC_DD_EE_FF, byteCount: 6, separator: ":") == "AA:BB:CC:DD:EE:FF")
    #expect(Hex.encode(bigEndian: 0x1_0000_0001, byteCount: 2) == "0001")
    #expect(Hex.encode(bigEndian: 5, byteCount: 0).isEmpty)
  }
}
