import Testing

@testable import BluetoothTypes
@testable import HCICodec

@Suite struct AdvertisingCommandTests {
  @Test func leSetAdvertisingParametersNonConnectable() throws {
    let command = LESetAdvertisingParameters(
      advertisingIntervalMin: try AdvertisingInterval(milliseconds: 100),
      advertisingIntervalMax: try AdvertisingInterval(milliseconds: 100),
      advertisingType: .advNonconnInd, ownAddressType: .random)
    // 0x00A0 twice, ADV_NONCONN_IND, random, peer public 00:00:00:00:00:00, all channels, process all.
    try expectCommandPacket(command, "06 20 0F A0 00 A0 00 03 01 00 00 00 00 00 00 00 07 00")
  }

  @Test func leSetAdvertisingDataPadsTo31Bytes() throws {
    let command = LESetAdvertisingData(
      advertisingData: try LegacyAdvertisingPayload([0x02, 0x01, 0x06, 0x03, 0x03, 0xAA, 0xFE]))
    let padding = String(repeating: " 00", count: 24)
    try expectCommandPacket(command, "08 20 20 07 02 01 06 03 03 AA FE" + padding)
    #expect(command.encodedParameters().count == 32)
  }

  @Test func leSetAdvertisingDataDecodeKeepsOnlySignificantPart() throws {
    // Length 3, but the padding carries junk: only the first 3 bytes are significant.
    let parameters: [UInt8] = [0x03, 0x02, 0x01, 0x06] + Array(repeating: 0xEE, count: 28)
    let command = try LESetAdvertisingData(decodingParameters: parameters[...])
    #expect(command.advertisingData.bytes == [0x02, 0x01, 0x06])
  }

  @Test func leSetAdvertisingDataFull31Bytes() throws {
    let data = (0..<31).map { UInt8($0) }
    let command = LESetAdvertisingData(advertisingData: try LegacyAdvertisingPayload(data))
    try expectCommandPacket(command, "08 20 20 1F " + Hex.encode(data, separator: " "))
  }

  @Test func leSetAdvertisingDataRejectsMoreThan31Bytes() {
    #expect(throws: HCIParameterError.tooLong(field: "Advertising_Data", count: 32, maximum: 31)) {
      try LegacyAdvertisingPayload(Array(repeating: UInt8(0), count: 32))
    }
    #expect(throws: HCIParameterError.tooLong(field: "Advertising_Data", count: 32, maximum: 31)) {
      try LESetScanResponseData(scanResponseData: AdvertisingData(Array(repeating: UInt8(0), count: 32)))
    }
  }

  @Test func leSetAdvertisingDataRejectsLengthAbove31OnDecode() {
    let parameters: [UInt8] = [0x20] + Array(repeating: 0, count: 31)
    #expect(throws: ByteDecodingError.invalidValue(field: "Advertising_Data_Length", value: 0x20)) {
      try LESetAdvertisingData(decodingParameters: parameters[...])
    }
  }

  @Test func leSetAdvertisingDataShortFieldIsTruncated() {
    #expect(throws: ByteDecodingError.truncated(field: "Advertising_Data", needed: 31, available: 3)) {
      try LESetAdvertisingData(decodingParameters: [0x03, 0x02, 0x01, 0x06][...])
    }
  }

  @Test func leSetScanResponseDataEmpty() throws {
    let command = LESetScanResponseData(scanResponseData: LegacyAdvertisingPayload())
    try expectCommandPacket(command, "09 20 20 00" + String(repeating: " 00", count: 31))
  }

  @Test func leSetAdvertisingEnable() throws {
    try expectCommandPacket(LESetAdvertisingEnable(advertisingEnable: true), "0A 20 01 01")
    try expectCommandPacket(LESetAdvertisingEnable(advertisingEnable: false), "0A 20 01 00")
  }

  @Test func leSetExtendedAdvertisingParametersLegacyNonConnectable() throws {
    let command = LESetExtendedAdvertisingParameters(
      advertisingHandle: 1, advertisingEventProperties: .advNonconnInd,
      primaryAdvertisingIntervalMin: try ExtendedAdvertisingInterval(milliseconds: 100),
      primaryAdvertisingIntervalMax: try ExtendedAdvertisingInterval(milliseconds: 100),
      ownAddressType: .random)
    // Handle 01, properties 0x0010, 0x0000A0 twice (3 octets each), channels 07, own random,
    // peer public 00×6, policy 00, TX power 7F (no preference), 1M, skip 0, 1M, SID 0, no notify.
    try expectCommandPacket(
      command, "36 20 19 01 10 00 A0 00 00 A0 00 00 07 01 00 00 00 00 00 00 00 00 7F 01 00 01 00 00")
    #expect(command.encodedParameters().count == 25)
  }

  @Test func leSetExtendedAdvertisingParametersExtendedCoded() throws {
    let command = LESetExtendedAdvertisingParameters(
      advertisingHandle: 2, advertisingEventProperties: [.includeTxPower],
      primaryAdvertisingIntervalMin: ExtendedAdvertisingInterval(rawValue: 0x01_0000),
      primaryAdvertisingIntervalMax: ExtendedAdvertisingInterval(rawValue: 0x02_0000),
      primaryAdvertisingChannelMap: [.channel37, .channel39], advertisingTXPower: -4,
      primaryAdvertisingPHY: .leCoded, secondaryAdvertisingPHY: .leCoded, advertisingSID: 0x0A,
      scanRequestNotificationEnable: true)
    try expectCommandPacket(
      command, "36 20 19 02 40 00 00 00 01 00 00 02 05 00 00 00 00 00 00 00 00 00 FC 03 00 03 0A 01")
  }

  @Test func advertisingEventPropertiesLegacyValues() {
    #expect(AdvertisingEventProperties.advInd.rawValue == 0x0013)
    #expect(AdvertisingEventProperties.advDirectIndLowDutyCycle.rawValue == 0x0015)
    #expect(AdvertisingEventProperties.advDirectIndHighDutyCycle.rawValue == 0x001D)
    #expect(AdvertisingEventProperties.advScanInd.rawValue == 0x0012)
    #expect(AdvertisingEventProperties.advNonconnInd.rawValue == 0x0010)
  }

  @Test func leSetExtendedAdvertisingData() throws {
    let command = try LESetExtendedAdvertisingData(
      advertisingHandle: 1, operation: .complete, fragmentPreference: .shouldNotFragment,
      advertisingData: [0x02, 0x01, 0x06])
    try expectCommandPacket(command, "37 20 07 01 03 01 03 02 01 06")
  }

  @Test func leSetExtendedAdvertisingDataLimits() throws {
    let full = try LESetExtendedAdvertisingData(
      advertisingHandle: 0, advertisingData: Array(repeating: UInt8(0x5A), count: 251))
    #expect(full.encodedPacket().count == 3 + 4 + 251)
    #expect(full.encodedPacket()[2] == 255)
    #expect(throws: HCIParameterError.tooLong(field: "Advertising_Data", count: 252, maximum: 251)) {
      try LESetExtendedAdvertisingData(advertisingHandle: 0, advertisingData: Array(repeating: UInt8(0), count: 252))
    }
    #expect(throws: ByteDecodingError.invalidValue(field: "Advertising_Data_Length", value: 252)) {
      try LESetExtendedAdvertisingData(decodingParameters: [0x00, 0x03, 0x01, 0xFC][...])
    }
    #expect(throws: ByteDecodingError.truncated(field: "Advertising_Data", needed: 3, available: 1)) {
      try LESetExtendedAdvertisingData(decodingParameters: [0x00, 0x03, 0x01, 0x03, 0x02][...])
    }
  }

  @Test func leSetExtendedAdvertisingEnable() throws {
    let enable = try LESetExtendedAdvertisingEnable(
      enable: true, sets: [.init(advertisingHandle: 1)])
    try expectCommandPacket(enable, "39 20 06 01 01 01 00 00 00")

    let two = try LESetExtendedAdvertisingEnable(
      enable: true,
      sets: [
        .init(
          advertisingHandle: 0, duration: try AdvertisingDuration(milliseconds: 5000), maxExtendedAdvertisingEvents: 3),
        .init(advertisingHandle: 1),
      ])
    try expectCommandPacket(two, "39 20 0A 01 02 00 F4 01 03 01 00 00 00")

    try expectCommandPacket(LESetExtendedAdvertisingEnable.disableAll, "39 20 02 00 00")
  }

  @Test func leSetExtendedAdvertisingEnableLimits() {
    let sets = (0..<64).map {
      LESetExtendedAdvertisingEnable.AdvertisingSet(advertisingHandle: AdvertisingHandle(rawValue: UInt8($0)))
    }
    #expect(throws: HCIParameterError.tooManyEntries(field: "Num_Sets", count: 64, maximum: 63)) {
      try LESetExtendedAdvertisingEnable(enable: true, sets: sets)
    }
    #expect(throws: ByteDecodingError.invalidValue(field: "Num_Sets", value: 64)) {
      try LESetExtendedAdvertisingEnable(decodingParameters: [0x01, 0x40][...])
    }
    #expect(throws: ByteDecodingError.truncated(field: "Max_Extended_Advertising_Events", needed: 1, available: 0)) {
      try LESetExtendedAdvertisingEnable(decodingParameters: [0x01, 0x01, 0x01, 0x00, 0x00][...])
    }
  }

  @Test func leRemoveAdvertisingSet() throws {
    try expectCommandPacket(LERemoveAdvertisingSet(advertisingHandle: 1), "3C 20 01 01")
  }
}
