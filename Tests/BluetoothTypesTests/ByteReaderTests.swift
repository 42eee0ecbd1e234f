import Testing

@testable import BluetoothTypes

@Suite struct ByteReaderTests {
  @Test func readsLittleEndianIntegers() throws {
    var reader = ByteReader([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A])
    #expect(try reader.readUInt8("a") == 0x01)
    #expect(try reader.readUInt16LE("b") == 0x0302)
    #expect(try reader.readUInt24LE("c") == 0x06_0504)
    #expect(try reader.readUInt32LE("d") == 0x0A09_0807)
    #expect(reader.isAtEnd)
    #expect(reader.consumedCount == 10)
  }

  @Test func readsBigEndianIntegers() throws {
    var reader = ByteReader([0xBE, 0xAC, 0x12, 0x34, 0x56, 0x78, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08])
    #expect(try reader.readUInt16BE("code") == 0xBEAC)
    #expect(try reader.readUInt32BE("value") == 0x1234_5678)
    #expect(try reader.readUInt64BE("big") == 0x0102_0304_0506_0708)
    #expect(reader.remainingCount == 0)
  }

  @Test func reads64BitLittleEndianAndSignedBytes() throws {
    var reader = ByteReader([0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0xC5, 0x7F, 0x80])
    #expect(try reader.readUInt64LE("v") == 0x0102_0304_0506_0708)
    #expect(try reader.readInt8("power") == -59)
    #expect(try reader.readInt8("max") == 127)
    #expect(try reader.readInt8("min") == -128)
  }

  @Test func truncationReportsNeededAndAvailable() {
    var reader = ByteReader([0x01, 0x02, 0x03])
    #expect(throws: ByteDecodingError.truncated(field: "Opcode", needed: 4, available: 3)) {
      try reader.readUInt32LE("Opcode")
    }
    // A failed read consumes nothing.
    #expect(reader.remainingCount == 3)
    #expect(throws: ByteDecodingError.truncated(field: "Data", needed: 5, available: 3)) {
      try reader.readBytes(5, "Data")
    }
    #expect(throws: ByteDecodingError.truncated(field: "Big", needed: 8, available: 3)) {
      try reader.readUInt64BE("Big")
    }
  }

  @Test func truncationAfterPartialRead() throws {
    var reader = ByteReader([0xAA, 0xBB, 0xCC])
    _ = try reader.readUInt16LE("first")
    #expect(throws: ByteDecodingError.truncated(field: "second", needed: 2, available: 1)) {
      try reader.readUInt16BE("second")
    }
    _ = try reader.readUInt8("last")
    #expect(throws: ByteDecodingError.truncated(field: "after", needed: 1, available: 0)) {
      try reader.readUInt8("after")
    }
  }

  @Test func readBytesIsASliceOfTheOriginalIndices() throws {
    let buffer: [UInt8] = [0x00, 0x11, 0x22, 0x33, 0x44, 0x55]
    var reader = ByteReader(buffer[2...])
    #expect(reader.position == 2)
    let bytes = try reader.readBytes(3, "x")
    #expect(bytes.startIndex == 2)
    #expect(Array(bytes) == [0x22, 0x33, 0x44])
    #expect(reader.consumedCount == 3)
    #expect(Array(reader.readRemaining()) == [0x55])
    #expect(reader.isAtEnd)
  }

  @Test func negativeCountIsInvalidNotATrap() {
    var reader = ByteReader([0x01])
    #expect(throws: ByteDecodingError.invalidValue(field: "Data", value: UInt64(bitPattern: -1))) {
      try reader.readBytes(-1, "Data")
    }
  }

  @Test func zeroLengthReadAtEndSucceeds() throws {
    var reader = ByteReader([])
    #expect(try reader.readBytes(0, "empty").isEmpty)
    #expect(reader.readRemaining().isEmpty)
  }

  @Test func expectEndReportsTrailingBytes() throws {
    var reader = ByteReader([0x01, 0x02, 0x03])
    _ = try reader.readUInt8("x")
    #expect(throws: ByteDecodingError.trailingBytes(field: "Event", count: 2)) {
      try reader.expectEnd("Event")
    }
    _ = reader.readRemaining()
    try reader.expectEnd("Event")
  }

  @Test func errorDescriptionsNameTheField() {
    #expect(
      ByteDecodingError.truncated(field: "RSSI", needed: 1, available: 0).description
        == "RSSI is truncated: needs 1 byte(s), 0 left")
    #expect(
      ByteDecodingError.invalidValue(field: "Data_Length", value: 0x20).description
        == "Data_Length has an invalid value 0x20")
    #expect(
      ByteDecodingError.lengthMismatch(field: "P", declared: 4, available: 2).description
        == "P declares 4 byte(s) but 2 are present")
    #expect(ByteDecodingError.trailingBytes(field: "E", count: 3).description == "E has 3 unexpected trailing byte(s)")
  }
}

@Suite struct ByteWriterTests {
  @Test func writesLittleEndian() {
    var writer = ByteWriter()
    writer.write(UInt8(0x01))
    writer.writeUInt16LE(0x0302)
    writer.writeUInt24LE(0x06_0504)
    writer.writeUInt32LE(0x0A09_0807)
    writer.writeUInt64LE(0x1211_100F_0E0D_0C0B)
    #expect(writer.bytes == Array(0x01...0x12))
  }

  @Test func writesBigEndian() {
    var writer = ByteWriter(capacity: 14)
    writer.writeUInt16BE(0xBEAC)
    writer.writeUInt32BE(0x1234_5678)
    writer.writeUInt64BE(0x0102_0304_0506_0708)
    #expect(writer.bytes == [0xBE, 0xAC, 0x12, 0x34, 0x56, 0x78, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08])
  }

  @Test func writesSignedBytesAndSequences() {
    var writer = ByteWriter()
    writer.write(Int8(-59))
    writer.write(contentsOf: [0xAA, 0xBB][...])
    writer.writeLittleEndian(0xFFEE_DDCC_BBAA, count: 6)
    writer.writeBigEndian(0x0123, count: 3)
    #expect(writer.bytes == [0xC5, 0xAA, 0xBB, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF, 0x00, 0x01, 0x23])
  }

  @Test func roundTripsThroughReader() throws {
    var writer = ByteWriter()
    writer.writeUInt16LE(0xA1B2)
    writer.writeUInt32BE(0xC3D4_E5F6)
    writer.writeUInt24LE(0x12_3456)
    var reader = ByteReader(writer.bytes)
    #expect(try reader.readUInt16LE("a") == 0xA1B2)
    #expect(try reader.readUInt32BE("b") == 0xC3D4_E5F6)
    #expect(try reader.readUInt24LE("c") == 0x12_3456)
    try reader.expectEnd("all")
  }
}

@Suite struct HexTests {
  @Test func encodesUpperCase() {
    #expect(Hex.encode([0x4C, 0x00, 0x02, 0x15]) == "4C000215")
    #expect(Hex.encode([0xAB, 0xCD, 0xEF], separator: ":") == "AB:CD:EF")
    #expect(Hex.encode([UInt8]()) == "")
    #expect(Hex.encode([0x0F], separator: " ") == "0F")
  }

  @Test func decodesWithSeparatorsAndPrefix() {
    #expect(Hex.decode("4c000215") == [0x4C, 0x00, 0x02, 0x15])
    #expect(Hex.decode("0x4C00") == [0x4C, 0x00])
    #expect(Hex.decode("0XbeAC") == [0xBE, 0xAC])
    #expect(Hex.decode("aa:bb-cc dd\n\tee") == [0xAA, 0xBB, 0xCC, 0xDD, 0xEE])
    #expect(Hex.decode("") == [])
  }

  @Test func rejectsOddDigitsAndOtherCharacters() {
    #expect(Hex.decode("abc") == nil)
    #expect(Hex.decode("zz") == nil)
    #expect(Hex.decode("12g4") == nil)
    #expect(Hex.decode("0x0x12") == nil)
  }

  @Test func roundTrips() {
    let bytes: [UInt8] = Array(0...255)
    #expect(Hex.decode(Hex.encode(bytes)) == bytes)
  }
}
