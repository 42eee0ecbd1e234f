import BluetoothTypes
import Testing

@testable import Beacons

// Advertising payloads published by other projects, with the values those projects expect.
// Only the bytes and the expected values are taken (as facts); each vector names its source.
// Where a source publishes no value for a field, the comment says the value is read off the bytes.

private func payload(_ hex: String) throws -> AdvertisingData {
  AdvertisingData(try #require(Hex.decode(hex)))
}

/// The AltBeacon in the first manufacturer-specific structure, or why there is none.
private func altBeacon(in data: AdvertisingData) throws(BeaconFrameError) -> AltBeacon {
  guard let structure = data.first(.manufacturerSpecificData) else { throw .noCandidateStructure }
  return try AltBeacon(manufacturerSpecificData: structure.data)
}

private func uuid(_ text: String) throws -> UUID128 {
  try #require(UUID128(text))
}

@Suite struct PublishedIBeaconVectors {
  /// citruz/beacontools, tests/test_parser.py, test_ibeacon:
  /// uuid 41424344-4546-4748-4940-414243444546, major 1, minor 2, tx_power −8.
  @Test func beacontoolsIBeacon() throws {
    let data = try payload("0201061aff4c0002154142434445464748494041424344454600010002f8")
    let frame = try IBeacon(advertisingData: data)
    #expect(frame.uuid == (try uuid("41424344-4546-4748-4940-414243444546")))
    #expect(frame.major == 1)
    #expect(frame.minor == 2)
    #expect(frame.measuredPower == -8)
    #expect(BeaconFrame(advertisingData: data) == .iBeacon(frame))
  }

  /// citruz/beacontools, tests/test_parser.py, test_cypress_beacon (Cypress CYALKIT-E02, flags 0x04):
  /// uuid 00050001-0000-1000-8000-00805f9b0131, major 2, tx_power −61.
  /// (The minor, 0x6C66, carries the sensor readings; read off the bytes.)
  @Test func beacontoolsCypressSensorBeacon() throws {
    let data = try payload("0201041aff4c0002150005000100001000800000805f9b013100026c66c3")
    let frame = try IBeacon(advertisingData: data)
    #expect(frame.uuid == (try uuid("00050001-0000-1000-8000-00805f9b0131")))
    #expect(frame.major == 2)
    #expect(frame.minor == 0x6C66)
    #expect(frame.measuredPower == -61)
  }

  /// Bluetooth-Devices/ibeacon-ble, tests/test_init.py, SERVICE_INFO (a Blue Charm beacon):
  /// manufacturer data under company 76 = 02 15 "BlueCharmBeacons" 0E FE 13 55 C5;
  /// uuid 426c7565-4368-6172-6d42-6561636f6e73, major 3838, minor 4949, power −59.
  @Test func ibeaconBLEBlueCharm() throws {
    let manufacturerData = [0x4C, 0x00, 0x02, 0x15] + Array("BlueCharmBeacons".utf8) + [0x0E, 0xFE, 0x13, 0x55, 0xC5]
    let frame = try IBeacon(manufacturerSpecificData: manufacturerData[...])
    #expect(frame.uuid == (try uuid("426c7565-4368-6172-6d42-6561636f6e73")))
    #expect(frame.major == 3838)
    #expect(frame.minor == 4949)
    #expect(frame.measuredPower == -59)
    #expect(frame.manufacturerSpecificData == manufacturerData)
  }

  /// Bluetooth-Devices/ibeacon-ble, tests/test_init.py, NOT_IBEACON_SERVIE_INFO: the same payload
  /// under company 21 (0x0015) must not parse.
  @Test func ibeaconBLEWrongCompany() throws {
    let manufacturerData = [0x15, 0x00, 0x02, 0x15] + Array("BlueCharmBeacons".utf8) + [0x0E, 0xFE, 0x13, 0x55, 0xC5]
    #expect(throws: BeaconFrameError.wrongCompany(0x0015)) {
      try IBeacon(manufacturerSpecificData: manufacturerData[...])
    }
    let data = AdvertisingData(structures: [.init(type: .manufacturerSpecificData, data: manufacturerData[...])])
    #expect(BeaconFrame(advertisingData: data) == nil)
  }

  /// aosp-mirror/platform_frameworks_base, core/tests/bluetoothtests/src/android/bluetooth/le/ScanRecordTest.java,
  /// RECORD_IBEACON ("captured from a Blue Charm BC011"): advertisement plus scan response. The test
  /// publishes its AD structures: 020106 / 1AFF4C000215…C5 / 09168020691E0EFE1355 / 1109426C…35.
  /// The frame's values agree with ibeacon-ble's expectations for the same beacon model.
  @Test func aospBlueCharmRecord() throws {
    let data = try payload(
      "0201061AFF4C000215426C7565436861726D426561636F6E730EFE1355C509168020691E0EFE13551109426C7565436861726D5F31363936383500000000"
    )
    let (structures, problem) = data.structures
    #expect(problem == nil)
    #expect(
      structures.map { Hex.encode([UInt8(1 + $0.data.count), $0.type.rawValue] + $0.data) } == [
        "020106", "1AFF4C000215426C7565436861726D426561636F6E730EFE1355C5", "09168020691E0EFE1355",
        "1109426C7565436861726D5F313639363835",
      ])
    let frame = try IBeacon(advertisingData: data)
    #expect(frame.uuid == (try uuid("426C7565-4368-6172-6D42-6561636F6E73")))
    #expect(frame.major == 3838)
    #expect(frame.minor == 4949)
    #expect(frame.measuredPower == -59)
    #expect(try structures[3].decoded() == .localName(complete: true, "BlueCharm_169685"))
  }
}

@Suite struct PublishedAltBeaconVectors {
  static let referenceHex = "02011a1bff1801beac2f234454cf6d4a0fadf2f4911ba9ffa600010002c509"

  /// AltBeacon/android-beacon-library, lib/src/test/java/org/altbeacon/beacon/AltBeaconTest.java
  /// (testRecognizeBeacon: mfgReserved 9) and BeaconParserTest.java
  /// (testRecognizeBeaconWithFormatSpecifyingManufacturer: id1 2f234454-cf6d-4a0f-adf2-f4911ba9ffa6,
  /// id2 1, id3 2, txPower −59, manufacturer 0x118).
  @Test func androidBeaconLibraryReferenceBeacon() throws {
    let data = try payload(Self.referenceHex)
    let frame = try #require(BeaconFrame(advertisingData: data))
    guard case .altBeacon(let alt) = frame else {
      Issue.record("expected an AltBeacon, got \(frame)")
      return
    }
    #expect(alt.companyIdentifier == 0x0118)
    #expect(alt.id1 == (try uuid("2f234454-cf6d-4a0f-adf2-f4911ba9ffa6")))
    #expect(alt.id2 == 1)
    #expect(alt.id3 == 2)
    #expect(alt.referenceRSSI == -59)
    #expect(alt.manufacturerReserved == 9)
    #expect(frame.txPowerAt1m == -59)
  }

  /// AltBeacon/android-beacon-library, BeaconParserTest.java, testReEncodesBeacon: re-encoding the
  /// reference beacon gives the same bytes from offset 7 (after the company identifier).
  /// AltBeacon/spec README.md: the manufacturer structure's AD LENGTH is 0x1B, AD TYPE 0xFF.
  @Test func reEncodesTheReferenceBeacon() throws {
    let bytes = try #require(Hex.decode(Self.referenceHex))
    let alt = try altBeacon(in: AdvertisingData(bytes))
    #expect(alt.manufacturerSpecificData == Array(bytes[5...]))
    let ours = Array(alt.advertisingData.bytes)
    #expect(Array(ours[3...4]) == [0x1B, 0xFF])
    #expect(Array(ours[3...]) == Array(bytes[3...]))
  }

  /// AltBeacon/android-beacon-library, BeaconParserTest.java, testRecognizeBeaconCapturedManufacturer:
  /// a captured beacon (zero padded to 62 bytes); manufacturer "bbaa". Identifiers read off the bytes.
  @Test func androidBeaconLibraryCapturedManufacturer() throws {
    let data = try payload(
      "0201061bffaabbbeace2c56db5dffb48d2b060d0f5a71096e000010004c5"
        + "0000000000000000000000000000000000000000000000000000000000000000")
    let alt = try altBeacon(in: data)
    #expect(alt.companyIdentifier == 0xBBAA)
    #expect(alt.id1 == (try uuid("E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")))
    #expect(alt.id2 == 1)
    #expect(alt.id3 == 4)
    #expect(alt.referenceRSSI == -59)
  }

  /// AltBeacon/android-beacon-library, BeaconParserTest.java, testParseProblematicBeaconFromIssue229:
  /// "beacon should be parsed" (company 0x00E0, an id1 that spells "www.bluki.com"). Values read off the bytes.
  @Test func androidBeaconLibraryIssue229() throws {
    let data = try payload("0201061bffe000beac7777772e626c756b692e636f6d000100010001abaa000000")
    let alt = try altBeacon(in: data)
    #expect(alt.companyIdentifier == 0x00E0)
    #expect(Array(alt.id1.bigEndianBytes.prefix(13)) == Array("www.bluki.com".utf8))
    #expect(alt.id2 == 0x0100)
    #expect(alt.id3 == 0x01AB)
    #expect(alt.referenceRSSI == -86)
  }

  /// AltBeacon/android-beacon-library, AltBeaconParserTest.java, testDetectsDaveMHardwareBeacon:
  /// a RadBeacon USB (AltBeacon plus name and TX power structures, zero padded); must be detected.
  @Test func androidBeaconLibraryRadBeaconUSB() throws {
    let data = try payload(
      "02011a1bff1801beac2f234454cf6d4a0fadf2f4911ba9ffa600050003be020e09526164426561636f6e20555342020a03"
        + "00000000000000000000000000")
    let alt = try altBeacon(in: data)
    #expect(alt.id1 == (try uuid("2f234454-cf6d-4a0f-adf2-f4911ba9ffa6")))
    #expect(alt.id2 == 5)
    #expect(alt.id3 == 3)
    #expect(alt.referenceRSSI == -66)
    #expect(alt.manufacturerReserved == 2)
    let elements = try data.structures.structures.map { try $0.decoded() }
    #expect(elements.contains(.localName(complete: true, "RadBeacon USB")))
    #expect(elements.contains(.txPowerLevel(3)))
  }

  /// AltBeacon/android-beacon-library, AltBeaconParserTest.java, testParseWrongFormatReturnsNothing:
  /// beacon code FFFF instead of BEAC; must not parse.
  @Test func androidBeaconLibraryWrongBeaconCode() throws {
    let data = try payload("02011a1aff1801ffff2f234454cf6d4a0fadf2f4911ba9ffa600010002c509")
    #expect(throws: BeaconFrameError.wrongType(0xFFFF)) {
      try altBeacon(in: data)
    }
    #expect(BeaconFrame(advertisingData: data) == nil)
  }

  /// AltBeacon/android-beacon-library, BeaconParserTest.java,
  /// testParseManufacturerIdentifierThatRunsOverPduLength: AD length 0x16 instead of 0x1B; must not parse.
  @Test func androidBeaconLibraryShortADLength() throws {
    let data = try payload("02011a16ff1801beac2f234454cf6d4a0fadf2f4911ba9ffa600010002c509000000")
    #expect(throws: BeaconFrameError.wrongLength(expected: 22, actual: 17)) {
      try altBeacon(in: data)
    }
    #expect(BeaconFrame(advertisingData: data) == nil)
  }

  /// AltBeacon/android-beacon-library, BeaconParserTest.java, doesNotCashWithOverflowingByteCodeComparisonOnPdu
  /// (issue 323): the structure ends inside the beacon code; must not parse and must not crash.
  @Test func androidBeaconLibraryIssue323() throws {
    let data = try payload("02010604ffe000be")
    #expect(throws: BeaconFrameError.malformed(.truncated(field: "Beacon Code", needed: 2, available: 1))) {
      try altBeacon(in: data)
    }
    #expect(BeaconFrame(advertisingData: data) == nil)
  }

  /// AltBeacon/android-beacon-library, AltBeaconParserTest.java, testParsesBeaconMissingDataField:
  /// that library accepts an AD length of 0x1A (no MFG RESERVED byte) and reads the field as 0.
  /// We follow the AltBeacon spec (AltBeacon/spec README.md: AD LENGTH must be 0x1B) and reject it.
  @Test func missingReservedByteIsRejectedPerSpec() throws {
    let data = try payload("02011a1aff1801beac2f234454cf6d4a0fadf2f4911ba9ffa600010002c5000000")
    #expect(throws: BeaconFrameError.wrongLength(expected: 22, actual: 21)) {
      try altBeacon(in: data)
    }
  }
}

@Suite struct PublishedEddystoneUIDVectors {
  /// citruz/beacontools, tests/test_parser.py, test_eddystone_uid:
  /// namespace "12345678901234678901", instance "000000000001", tx_power −29.
  @Test func beacontoolsEddystoneUID() throws {
    let data = try payload("0201060303aafe1716aafe00e3123456789012346789010000000000010000")
    let frame = try #require(BeaconFrame(advertisingData: data))
    guard case .eddystoneUID(let uid) = frame else {
      Issue.record("expected Eddystone-UID, got \(frame)")
      return
    }
    #expect(uid.namespace.description == "12345678901234678901")
    #expect(uid.instance == 1)
    #expect(uid.txPowerAt0m == -29)
    #expect(frame.identity.description == "12345678901234678901 000000000001")
    // Our encoder produces the same 31 bytes (reserved bytes zero).
    #expect(Array(uid.advertisingData.bytes) == Array(data.bytes))
  }

  /// citruz/beacontools, tests/test_parser.py, test_bad_packets (fifth packet): frame type 0x01;
  /// must not parse as a UID frame.
  @Test func beacontoolsWrongFrameType() throws {
    let data = try payload("0201060303aafe1716aafe01e3123456789012346789010000000000010000")
    #expect(BeaconFrame(advertisingData: data) == nil)
  }

  /// citruz/beacontools, tests/test_parser.py, test_bad_packets (fourth packet): the service list says
  /// 0xFEAB although the service data is a valid UID frame under 0xFEAA. beacontools rejects it;
  /// we only read the service data and accept it. (A deliberate difference, noted for the lead.)
  @Test func beacontoolsWrongServiceListIsAcceptedByUs() throws {
    let data = try payload("0201060303abfe1716aafe00e3123456789012346789010000000000010000")
    #expect(BeaconFrame(advertisingData: data)?.kind == .eddystoneUID)
  }

  /// AltBeacon/android-beacon-library, lib/src/test/java/org/altbeacon/beacon/GattBeaconTest.java,
  /// testDetectsEddystoneUID: a UID frame without the two reserved bytes (service data length 0x15),
  /// zero padded; must be detected. Values read off the bytes.
  @Test func androidBeaconLibraryUIDWithoutReservedBytes() throws {
    let data = try payload(
      "0201060303aafe1516aafe00e700010203040506070809010203040506"
        + "000000000000000000000000000000000000000000000000000000000000000000")
    let frame = try #require(BeaconFrame(advertisingData: data))
    #expect(
      frame.identity
        == .eddystoneUID(
          namespace: try #require(EddystoneNamespace("00010203040506070809")), instance: 0x0102_0304_0506))
    #expect(frame.txPowerAt1m == -25 - 41)
  }

  /// aosp-mirror/platform_frameworks_base, core/tests/bluetoothtests/src/android/bluetooth/le/ScanRecordTest.java,
  /// RECORD_UUID (Blue Charm BC011): matches the Eddystone service-data matcher "0016AAFE", not the
  /// iBeacon one. Values read off the bytes: namespace "bluecharm1", instance 1, −18 dBm at 0 m.
  @Test func aospBlueCharmUID() throws {
    let data = try payload(
      "0201060303AAFE1716AAFE00EE626C7565636861726D31000000000001000009168020691E0EFE13551109426C7565436861726D5F313639363835000000"
    )
    let frame = try #require(BeaconFrame(advertisingData: data))
    guard case .eddystoneUID(let uid) = frame else {
      Issue.record("expected Eddystone-UID, got \(frame)")
      return
    }
    #expect(uid.namespace.description == Hex.encode(Array("bluecharm1".utf8)))
    #expect(uid.instance == 1)
    #expect(uid.txPowerAt0m == -18)
    #expect(throws: BeaconFrameError.noCandidateStructure) {
      try IBeacon(advertisingData: data)
    }
  }

  /// aosp-mirror/platform_frameworks_base, ScanRecordTest.java, RECORD_URL and RECORD_TLM: Eddystone
  /// frames that are not UID frames. For RECORD_URL the test publishes the AD structures.
  @Test func aospURLAndTLMAreNotUID() throws {
    let url = try payload(
      "0201060303AAFE1716AAFE10EE01626C7565636861726D626561636F6E730009168020691E0EFE13551109426C7565436861726D5F313639363835000000"
    )
    #expect(
      url.structures.structures.map { Hex.encode([UInt8(1 + $0.data.count), $0.type.rawValue] + $0.data) } == [
        "020106", "0303AAFE", "1716AAFE10EE01626C7565636861726D626561636F6E7300", "09168020691E0EFE1355",
        "1109426C7565436861726D5F313639363835",
      ])
    #expect(BeaconFrame(advertisingData: url) == nil)
    let tlm = try payload(
      "0201060303AAFE1116AAFE20000BF017000008874803FB93540916802069080EFE13551109426C7565436861726D5F313639363835000000000000000000"
    )
    #expect(BeaconFrame(advertisingData: tlm) == nil)
  }
}
