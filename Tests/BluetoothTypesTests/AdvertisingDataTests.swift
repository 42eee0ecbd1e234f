import Testing

@testable import BluetoothTypes

@Suite struct AdvertisingDataTests {
  /// Flags 0x06, then an iBeacon manufacturer structure.
  static let iBeaconPayload: [UInt8] =
    [0x02, 0x01, 0x06, 0x1A, 0xFF, 0x4C, 0x00, 0x02, 0x15]
    + [0xF6, 0x3B, 0x21, 0xBA, 0x26, 0x35, 0x4B, 0xE4, 0xB6, 0xFF, 0xE2, 0xEA, 0xB8, 0xB5, 0x41, 0xC3]
    + [0x00, 0x01, 0x00, 0x0C, 0xC5]

  @Test func walksStructuresInOrder() {
    let (structures, problem) = AdvertisingData(Self.iBeaconPayload).structures
    #expect(problem == nil)
    #expect(structures.count == 2)
    #expect(structures[0].type == .flags)
    #expect(Array(structures[0].data) == [0x06])
    #expect(structures[1].type == .manufacturerSpecificData)
    #expect(structures[1].data.count == 25)
    #expect(structures[1].data.first == 0x4C)
    #expect(structures[1].data.last == 0xC5)
  }

  @Test func zeroLengthEndsThePayload() {
    // A zero length byte, then padding that would be garbage if read.
    let bytes: [UInt8] = [0x02, 0x01, 0x06, 0x00, 0xFF, 0xFF, 0x13]
    let (structures, problem) = AdvertisingData(bytes).structures
    #expect(problem == nil)
    #expect(structures.map(\.type) == [.flags])
  }

  @Test func zeroPaddingToThirtyOneBytes() {
    let bytes = [0x02, 0x01, 0x04, 0x03, 0x03, 0xAA, 0xFE] + [UInt8](repeating: 0, count: 24)
    let (structures, problem) = AdvertisingData(bytes).structures
    #expect(problem == nil)
    #expect(structures.map(\.type) == [.flags, .completeList16BitServiceUUIDs])
  }

  @Test func emptyPayloadHasNoStructures() {
    let (structures, problem) = AdvertisingData([UInt8]()).structures
    #expect(structures.isEmpty)
    #expect(problem == nil)
  }

  @Test func overrunAfterGoodStructuresKeepsThem() {
    // Flags, a short name "Ab", then a structure claiming 9 bytes with 3 left after its length byte.
    let bytes: [UInt8] = [0x02, 0x01, 0x06, 0x03, 0x08, 0x41, 0x62, 0x09, 0xFF, 0x4C, 0x00]
    let (structures, problem) = AdvertisingData(bytes).structures
    #expect(structures.map(\.type) == [.flags, .shortenedLocalName])
    #expect(problem == .lengthMismatch(field: "AD structure length", declared: 9, available: 3))
  }

  @Test func lengthByteAloneAtTheEnd() {
    let bytes: [UInt8] = [0x02, 0x01, 0x06, 0x05]
    let (structures, problem) = AdvertisingData(bytes).structures
    #expect(structures.count == 1)
    #expect(problem == .lengthMismatch(field: "AD structure length", declared: 5, available: 0))
  }

  @Test func structureWithTypeOnly() throws {
    let (structures, problem) = AdvertisingData([0x01, 0x09]).structures
    #expect(problem == nil)
    #expect(structures.count == 1)
    #expect(structures[0].data.isEmpty)
    #expect(try structures[0].decoded() == .localName(complete: true, ""))
  }

  @Test func slicedPayloadUsesItsOwnIndices() {
    let packet: [UInt8] = [0xEE, 0xEE, 0x02, 0x01, 0x1A, 0x03, 0xFF, 0x34, 0x12]
    let data = AdvertisingData(packet[2...])
    let (structures, problem) = data.structures
    #expect(problem == nil)
    #expect(structures.map(\.type) == [.flags, .manufacturerSpecificData])
    #expect(Array(structures[1].data) == [0x34, 0x12])
  }

  @Test func firstFindsTheFirstOfAType() {
    let bytes: [UInt8] = [0x03, 0xFF, 0x01, 0x00, 0x03, 0xFF, 0x02, 0x00]
    let data = AdvertisingData(bytes)
    #expect(data.first(.manufacturerSpecificData).map { Array($0.data) } == [0x01, 0x00])
    #expect(data.first(.flags) == nil)
  }

  @Test func buildsFromStructures() {
    let data = AdvertisingData(structures: [
      ADStructure(type: .flags, data: [0x06][...]),
      ADStructure(type: .completeLocalName, data: Array("MRT".utf8)[...]),
    ])
    #expect(Array(data.bytes) == [0x02, 0x01, 0x06, 0x04, 0x09, 0x4D, 0x52, 0x54])
    #expect(data.structures.structures.map(\.type) == [.flags, .completeLocalName])
  }

  /// The scan record in AOSP's ScanRecordTest.testParser
  /// (aosp-mirror/platform_frameworks_base, core/tests/bluetoothtests/src/android/bluetooth/le/ScanRecordTest.java):
  /// flags 0x1A, 16-bit UUIDs 0x110B and 0x110A, name "Ped", TX power −20, service data under
  /// 0x110B = 50 64, manufacturer 0x00E0 data 02 15, and an unknown type 0x50.
  @Test func aospScanRecordVector() throws {
    let bytes: [UInt8] = [
      0x02, 0x01, 0x1A, 0x05, 0x02, 0x0B, 0x11, 0x0A, 0x11, 0x04, 0x09, 0x50, 0x65, 0x64, 0x02, 0x0A, 0xEC,
      0x05, 0x16, 0x0B, 0x11, 0x50, 0x64, 0x05, 0xFF, 0xE0, 0x00, 0x02, 0x15, 0x03, 0x50, 0x01, 0x02,
    ]
    let (structures, problem) = AdvertisingData(bytes).structures
    #expect(problem == nil)
    let elements = try structures.map { try $0.decoded() }
    #expect(elements.count == 7)
    #expect(elements[0] == .flags(ADFlags(rawValue: 0x1A)))
    #expect(elements[1] == .serviceUUIDs16(complete: false, [0x110B, 0x110A]))
    #expect(elements[2] == .localName(complete: true, "Ped"))
    #expect(elements[3] == .txPowerLevel(-20))
    #expect(elements[4] == .serviceData16(uuid: 0x110B, data: [0x50, 0x64][...]))
    #expect(elements[5] == .manufacturerSpecificData(companyIdentifier: 0x00E0, data: [0x02, 0x15][...]))
    guard case .other(let unknown) = elements[6] else {
      Issue.record("type 0x50 should stay raw")
      return
    }
    #expect(unknown.type == ADType(rawValue: 0x50))
    #expect(Array(unknown.data) == [0x01, 0x02])
  }
}

@Suite struct ADElementTests {
  static func decode(_ type: ADType, _ data: [UInt8]) throws(ByteDecodingError) -> ADElement {
    try ADStructure(type: type, data: data[...]).decoded()
  }

  @Test func flags() throws {
    let element = try Self.decode(.flags, [0x06])
    #expect(element == .flags([.leGeneralDiscoverable, .brEDRNotSupported]))
    guard case .flags(let flags) = element else {
      Issue.record("expected .flags, got \(element)")
      return
    }
    #expect(flags.contains(.brEDRNotSupported))
    #expect(!flags.contains(.leLimitedDiscoverable))
    // Zero octets after the last non-zero one are omitted: an empty field means no flags.
    #expect(try Self.decode(.flags, []) == .flags([]))
    // Extra octets (future flags) are ignored.
    #expect(try Self.decode(.flags, [0x05, 0x01]) == .flags([.leLimitedDiscoverable, .brEDRNotSupported]))
  }

  @Test func serviceUUIDs16() throws {
    #expect(try Self.decode(.completeList16BitServiceUUIDs, [0xAA, 0xFE]) == .serviceUUIDs16(complete: true, [0xFEAA]))
    #expect(
      try Self.decode(.incompleteList16BitServiceUUIDs, [0x0F, 0x18, 0x0A, 0x18])
        == .serviceUUIDs16(complete: false, [0x180F, 0x180A]))
    #expect(try Self.decode(.completeList16BitServiceUUIDs, []) == .serviceUUIDs16(complete: true, []))
    #expect(throws: ByteDecodingError.self) {
      try Self.decode(.completeList16BitServiceUUIDs, [0xAA, 0xFE, 0x01])
    }
  }

  @Test func serviceUUIDs128() throws {
    let littleEndian: [UInt8] = [
      0xFB, 0x34, 0x9B, 0x5F, 0x80, 0x00, 0x00, 0x80, 0x00, 0x10, 0x00, 0x00, 0xAA, 0xFE, 0x00, 0x00,
    ]
    let expected = UUID128(high: 0x0000_FEAA_0000_1000, low: 0x8000_0080_5F9B_34FB)
    #expect(
      try Self.decode(.completeList128BitServiceUUIDs, littleEndian) == .serviceUUIDs128(complete: true, [expected]))
    #expect(
      try Self.decode(.incompleteList128BitServiceUUIDs, littleEndian + littleEndian)
        == .serviceUUIDs128(complete: false, [expected, expected]))
    #expect(throws: ByteDecodingError.self) {
      try Self.decode(.completeList128BitServiceUUIDs, Array(littleEndian.dropLast()))
    }
  }

  @Test func localNames() throws {
    #expect(try Self.decode(.completeLocalName, Array("Dukuh Atas".utf8)) == .localName(complete: true, "Dukuh Atas"))
    #expect(try Self.decode(.shortenedLocalName, Array("Duk".utf8)) == .localName(complete: false, "Duk"))
    // Invalid UTF-8 is repaired with U+FFFD rather than failing.
    #expect(try Self.decode(.completeLocalName, [0x41, 0xFF, 0x42]) == .localName(complete: true, "A\u{FFFD}B"))
  }

  @Test func txPowerLevel() throws {
    #expect(try Self.decode(.txPowerLevel, [0xF4]) == .txPowerLevel(-12))
    #expect(try Self.decode(.txPowerLevel, [0x04]) == .txPowerLevel(4))
    #expect(throws: ByteDecodingError.truncated(field: "TX Power Level", needed: 1, available: 0)) {
      try Self.decode(.txPowerLevel, [])
    }
    #expect(throws: ByteDecodingError.trailingBytes(field: "TX Power Level", count: 1)) {
      try Self.decode(.txPowerLevel, [0x04, 0x00])
    }
  }

  @Test func serviceData16() throws {
    let element = try Self.decode(.serviceData16BitUUID, [0xAA, 0xFE, 0x00, 0xE7])
    #expect(element == .serviceData16(uuid: 0xFEAA, data: [0x00, 0xE7][...]))
    #expect(try Self.decode(.serviceData16BitUUID, [0xAA, 0xFE]) == .serviceData16(uuid: 0xFEAA, data: [][...]))
    #expect(throws: ByteDecodingError.truncated(field: "Service Data UUID", needed: 2, available: 1)) {
      try Self.decode(.serviceData16BitUUID, [0xAA])
    }
  }

  @Test func serviceData128() throws {
    let uuid: [UInt8] = [
      0x0F, 0x0E, 0x0D, 0x0C, 0x0B, 0x0A, 0x09, 0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0x00,
    ]
    let element = try Self.decode(.serviceData128BitUUID, uuid + [0x42])
    #expect(
      element
        == .serviceData128(uuid: UUID128(high: 0x0001_0203_0405_0607, low: 0x0809_0A0B_0C0D_0E0F), data: [0x42][...]))
    #expect(throws: ByteDecodingError.truncated(field: "Service Data UUID", needed: 16, available: 15)) {
      try Self.decode(.serviceData128BitUUID, Array(uuid.dropLast()))
    }
  }

  @Test func manufacturerSpecificData() throws {
    let element = try Self.decode(.manufacturerSpecificData, [0x4C, 0x00, 0x02, 0x15])
    #expect(element == .manufacturerSpecificData(companyIdentifier: 0x004C, data: [0x02, 0x15][...]))
    #expect(throws: ByteDecodingError.truncated(field: "Company Identifier", needed: 2, available: 1)) {
      try Self.decode(.manufacturerSpecificData, [0x4C])
    }
  }

  @Test func otherTypesStayRaw() throws {
    let structure = ADStructure(type: ADType(rawValue: 0x19), data: [0x40, 0x02][...])
    #expect(try structure.decoded() == .other(structure))
  }
}
