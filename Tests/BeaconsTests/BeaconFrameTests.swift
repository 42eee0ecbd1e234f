import BluetoothTypes
import Testing

@testable import Beacons

let stationUUID = UUID128(high: 0xF63B_21BA_2635_4BE4, low: 0xB6FF_E2EA_B8B5_41C3)
let stationUUIDBytes: [UInt8] = [
  0xF6, 0x3B, 0x21, 0xBA, 0x26, 0x35, 0x4B, 0xE4, 0xB6, 0xFF, 0xE2, 0xEA, 0xB8, 0xB5, 0x41, 0xC3,
]

/// Manufacturer data of the Dukuh Atas station beacon: Apple, 02 15, UUID, major 1, minor 12, −59 dBm.
let dukuhAtasManufacturerData: [UInt8] = [0x4C, 0x00, 0x02, 0x15] + stationUUIDBytes + [0x00, 0x01, 0x00, 0x0C, 0xC5]

@Suite struct IBeaconTests {
  @Test func decodesManufacturerData() throws {
    let frame = try IBeacon(manufacturerSpecificData: dukuhAtasManufacturerData[...])
    #expect(frame.uuid == stationUUID)
    #expect(frame.major == 1)
    #expect(frame.minor == 12)
    #expect(frame.measuredPower == -59)
  }

  @Test func encodesTheSameBytes() throws {
    let frame = IBeacon(uuid: stationUUID, major: 1, minor: 12, measuredPower: -59)
    #expect(frame.manufacturerSpecificData == dukuhAtasManufacturerData)
    #expect(try IBeacon(manufacturerSpecificData: frame.manufacturerSpecificData[...]) == frame)
  }

  @Test func advertisingDataIsApplesThirtyBytes() throws {
    let frame = IBeacon(uuid: stationUUID, major: 0xFFFF, minor: 0, measuredPower: -128)
    let bytes = Array(frame.advertisingData.bytes)
    #expect(bytes.count == 30)
    #expect(Array(bytes.prefix(9)) == [0x02, 0x01, 0x06, 0x1A, 0xFF, 0x4C, 0x00, 0x02, 0x15])
    #expect(try IBeacon(advertisingData: AdvertisingData(bytes)) == frame)
    #expect(BeaconFrame(advertisingData: AdvertisingData(bytes)) == .iBeacon(frame))
  }

  @Test func otherCompanyIsNotAnIBeacon() {
    var data = dukuhAtasManufacturerData
    data[0] = 0x4D  // company 0x004D
    #expect(throws: BeaconFrameError.wrongCompany(0x004D)) {
      try IBeacon(manufacturerSpecificData: data[...])
    }
    #expect(
      BeaconFrame(
        advertisingData: AdvertisingData(structures: [.init(type: .manufacturerSpecificData, data: data[...])])) == nil)
  }

  @Test(arguments: [UInt8(0x10), 0x12, 0x01, 0x00])
  func otherAppleTypeIsNotAnIBeacon(_ type: UInt8) {
    var data = dukuhAtasManufacturerData
    data[2] = type
    #expect(throws: BeaconFrameError.wrongType(UInt16(type) << 8 | 0x15)) {
      try IBeacon(manufacturerSpecificData: data[...])
    }
  }

  @Test func lengthByte0x16IsNotAnIBeacon() {
    var data = dukuhAtasManufacturerData + [0x00]
    data[3] = 0x16
    #expect(throws: BeaconFrameError.wrongType(0x0216)) {
      try IBeacon(manufacturerSpecificData: data[...])
    }
    #expect(
      BeaconFrame(
        advertisingData: AdvertisingData(structures: [.init(type: .manufacturerSpecificData, data: data[...])])) == nil)
  }

  @Test func twentyOrTwentyTwoPayloadBytesAreNotAnIBeacon() {
    let short = Array(dukuhAtasManufacturerData.dropLast())
    #expect(throws: BeaconFrameError.wrongLength(expected: 21, actual: 20)) {
      try IBeacon(manufacturerSpecificData: short[...])
    }
    let long = dukuhAtasManufacturerData + [0x00]
    #expect(throws: BeaconFrameError.wrongLength(expected: 21, actual: 22)) {
      try IBeacon(manufacturerSpecificData: long[...])
    }
  }

  @Test func tooShortForTheHeaderIsMalformed() {
    #expect(throws: BeaconFrameError.malformed(.truncated(field: "Company Identifier", needed: 2, available: 1))) {
      try IBeacon(manufacturerSpecificData: [0x4C][...])
    }
    #expect(throws: BeaconFrameError.malformed(.truncated(field: "iBeacon type and length", needed: 2, available: 1))) {
      try IBeacon(manufacturerSpecificData: [0x4C, 0x00, 0x02][...])
    }
  }

  @Test func findsTheFrameAfterAnotherManufacturerStructure() throws {
    let data = AdvertisingData(structures: [
      .init(type: .flags, data: [0x06][...]),
      .init(type: .manufacturerSpecificData, data: [0x4C, 0x00, 0x10, 0x05, 0x01, 0x18, 0x00, 0x00, 0x00][...]),
      .init(type: .manufacturerSpecificData, data: dukuhAtasManufacturerData[...]),
    ])
    #expect(try IBeacon(advertisingData: data).minor == 12)
  }

  @Test func payloadWithoutAFrameSaysWhy() {
    #expect(throws: BeaconFrameError.noCandidateStructure) {
      try IBeacon(advertisingData: AdvertisingData([0x02, 0x01, 0x06]))
    }
    // Apple Nearby Info (type 0x10) only: the first candidate's reason is reported.
    #expect(throws: BeaconFrameError.wrongType(0x1005)) {
      try IBeacon(advertisingData: AdvertisingData([0x09, 0xFF, 0x4C, 0x00, 0x10, 0x05, 0x01, 0x18, 0x00, 0x00]))
    }
  }
}

@Suite struct AltBeaconTests {
  static let bytes: [UInt8] = [0x18, 0x01, 0xBE, 0xAC] + stationUUIDBytes + [0x00, 0x02, 0x00, 0x07, 0xC3, 0x5A]

  @Test func decodesManufacturerData() throws {
    let frame = try AltBeacon(manufacturerSpecificData: Self.bytes[...])
    #expect(frame.companyIdentifier == 0x0118)
    #expect(frame.id1 == stationUUID)
    #expect(frame.id2 == 2)
    #expect(frame.id3 == 7)
    #expect(frame.referenceRSSI == -61)
    #expect(frame.manufacturerReserved == 0x5A)
  }

  @Test func roundTrips() throws {
    let frame = AltBeacon(
      companyIdentifier: 0x0118, id1: stationUUID, id2: 2, id3: 7, referenceRSSI: -61, manufacturerReserved: 0x5A)
    #expect(frame.manufacturerSpecificData == Self.bytes)
    let payload = Array(frame.advertisingData.bytes)
    #expect(payload.count == 31)
    #expect(Array(payload.prefix(5)) == [0x02, 0x01, 0x06, 0x1B, 0xFF])
    #expect(BeaconFrame(advertisingData: AdvertisingData(payload)) == .altBeacon(frame))
  }

  @Test func anyCompanyIncludingApple() throws {
    var data = Self.bytes
    data[0] = 0x4C
    data[1] = 0x00
    let frame = try AltBeacon(manufacturerSpecificData: data[...])
    #expect(frame.companyIdentifier == 0x004C)
    #expect(
      BeaconFrame(
        advertisingData: AdvertisingData(structures: [.init(type: .manufacturerSpecificData, data: data[...])]))?.kind
        == .altBeacon)
  }

  @Test func wrongCodeAndLength() {
    var data = Self.bytes
    data[3] = 0xAD
    #expect(throws: BeaconFrameError.wrongType(0xBEAD)) {
      try AltBeacon(manufacturerSpecificData: data[...])
    }
    #expect(throws: BeaconFrameError.wrongLength(expected: 22, actual: 21)) {
      try AltBeacon(manufacturerSpecificData: Self.bytes.dropLast())
    }
    #expect(throws: BeaconFrameError.wrongLength(expected: 22, actual: 23)) {
      try AltBeacon(manufacturerSpecificData: (Self.bytes + [0])[...])
    }
  }
}

@Suite struct EddystoneUIDTests {
  static let namespace = EddystoneNamespace(high: 0x8B0C, low: 0xA750_E0E9_0E77_5C0A)
  /// Service data: FEAA, frame 0x00, −20 dBm at 0 m, namespace, instance 00000000000C, RFU.
  static let serviceData: [UInt8] =
    [0xAA, 0xFE, 0x00, 0xEC, 0x8B, 0x0C, 0xA7, 0x50, 0xE0, 0xE9, 0x0E, 0x77, 0x5C, 0x0A]
    + [0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x00, 0x00]

  @Test func decodesWithAndWithoutReservedBytes() throws {
    let frame = try EddystoneUID(serviceData: Self.serviceData[...])
    #expect(frame.txPowerAt0m == -20)
    #expect(frame.txPowerAt1m == -61)
    #expect(frame.namespace == Self.namespace)
    #expect(frame.namespace.description == "8B0CA750E0E90E775C0A")
    #expect(frame.instance == 12)
    #expect(try EddystoneUID(serviceData: Self.serviceData.dropLast(2)) == frame)
  }

  @Test func roundTrips() throws {
    let frame = EddystoneUID(txPowerAt0m: -20, namespace: Self.namespace, instance: 12)
    #expect(frame.serviceData == Self.serviceData)
    let payload = Array(frame.advertisingData.bytes)
    #expect(Array(payload.prefix(11)) == [0x02, 0x01, 0x06, 0x03, 0x03, 0xAA, 0xFE, 0x17, 0x16, 0xAA, 0xFE])
    #expect(payload.count == 31)
    #expect(BeaconFrame(advertisingData: AdvertisingData(payload)) == .eddystoneUID(frame))
  }

  @Test func instanceKeepsSixBytes() {
    let frame = EddystoneUID(txPowerAt0m: 0, namespace: Self.namespace, instance: 0xFFFF_1234_5678_9ABC)
    #expect(frame.instance == 0x1234_5678_9ABC)
  }

  @Test func rejectsOtherServicesFramesAndLengths() {
    var other = Self.serviceData
    other[0] = 0xAB
    #expect(throws: BeaconFrameError.wrongService(0xFEAB)) {
      try EddystoneUID(serviceData: other[...])
    }
    var url = Self.serviceData
    url[2] = 0x10
    #expect(throws: BeaconFrameError.wrongType(0x10)) {
      try EddystoneUID(serviceData: url[...])
    }
    #expect(throws: BeaconFrameError.wrongLength(expected: 19, actual: 18)) {
      try EddystoneUID(serviceData: Self.serviceData.dropLast())
    }
    #expect(throws: BeaconFrameError.wrongLength(expected: 19, actual: 20)) {
      try EddystoneUID(serviceData: (Self.serviceData + [0])[...])
    }
    #expect(throws: BeaconFrameError.malformed(.truncated(field: "Frame Type", needed: 1, available: 0))) {
      try EddystoneUID(serviceData: [0xAA, 0xFE][...])
    }
  }

  @Test func namespaceText() {
    #expect(EddystoneNamespace("8b0ca750e0e90e775c0a") == Self.namespace)
    #expect(EddystoneNamespace("8B0CA750E0E90E775C") == nil)
    #expect(EddystoneNamespace("8B0CA750E0E90E775C0A00") == nil)
    #expect(EddystoneNamespace("zz0CA750E0E90E775C0A") == nil)
  }
}

@Suite struct BeaconFrameTests {
  @Test func picksTheFrameAfterANonBeaconManufacturerStructure() {
    let data = AdvertisingData(structures: [
      .init(type: .flags, data: [0x1A][...]),
      .init(type: .manufacturerSpecificData, data: [0x06, 0x00, 0x01, 0x09, 0x20, 0x02][...]),  // Microsoft
      .init(type: .manufacturerSpecificData, data: dukuhAtasManufacturerData[...]),
    ])
    #expect(BeaconFrame(advertisingData: data) == .iBeacon(IBeacon(uuid: stationUUID, major: 1, minor: 12)))
  }

  @Test func picksEddystoneAfterOtherServiceData() throws {
    let data = AdvertisingData(structures: [
      .init(type: .serviceData16BitUUID, data: [0x0F, 0x18, 0x64][...]),  // battery level
      .init(type: .serviceData16BitUUID, data: EddystoneUIDTests.serviceData[...]),
    ])
    let frame = try #require(BeaconFrame(advertisingData: data))
    #expect(frame.kind == .eddystoneUID)
    #expect(frame.identity == .eddystoneUID(namespace: EddystoneUIDTests.namespace, instance: 12))
    #expect(frame.txPowerAt1m == -61)
  }

  @Test func firstFrameWins() {
    let alt = AltBeacon(companyIdentifier: 0x0118, id1: stationUUID, id2: 9, id3: 9, referenceRSSI: -60)
    let data = AdvertisingData(structures: [
      .init(type: .manufacturerSpecificData, data: alt.manufacturerSpecificData[...]),
      .init(type: .manufacturerSpecificData, data: dukuhAtasManufacturerData[...]),
    ])
    #expect(BeaconFrame(advertisingData: data) == .altBeacon(alt))
  }

  @Test func wellFormedPartOfAMalformedPayloadIsSearched() {
    let bytes = [0x1A, 0xFF] + dukuhAtasManufacturerData + [0x09, 0xFF, 0x00]
    #expect(AdvertisingData(bytes).structures.problem != nil)
    #expect(BeaconFrame(advertisingData: AdvertisingData(bytes))?.kind == .iBeacon)
  }

  @Test func noFrame() {
    #expect(BeaconFrame(advertisingData: AdvertisingData([0x02, 0x01, 0x06, 0x04, 0x09, 0x4D, 0x52, 0x54])) == nil)
    #expect(BeaconFrame(advertisingData: AdvertisingData([UInt8]())) == nil)
  }

  @Test func kindsIdentitiesAndPower() {
    let iBeacon = BeaconFrame.iBeacon(IBeacon(uuid: stationUUID, major: 1, minor: 2, measuredPower: -59))
    #expect(iBeacon.kind == .iBeacon)
    #expect(iBeacon.txPowerAt1m == -59)
    #expect(iBeacon.identity.description == "F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3 1 2")
    let alt = BeaconFrame.altBeacon(
      AltBeacon(companyIdentifier: 0x0118, id1: stationUUID, id2: 3, id3: 4, referenceRSSI: -65))
    #expect(alt.txPowerAt1m == -65)
    #expect(alt.identity == .altBeacon(id1: stationUUID, id2: 3, id3: 4))
    #expect(alt.identity.uuid == stationUUID)
    #expect(alt.identity.major == 3)
    #expect(alt.identity.minor == 4)
    let eddystone = BeaconFrame.eddystoneUID(
      EddystoneUID(txPowerAt0m: -18, namespace: EddystoneUIDTests.namespace, instance: 0xABCDEF))
    #expect(eddystone.identity.description == "8B0CA750E0E90E775C0A 000000ABCDEF")
    #expect(eddystone.identity.uuid == nil)
    #expect(eddystone.identity.major == nil)
    #expect(eddystone.identity.kind == .eddystoneUID)
    #expect(BeaconKind.allCases.map(\.rawValue) == ["ibeacon", "altbeacon", "eddystone-uid"])
  }

  @Test(arguments: [
    BeaconFrame.iBeacon(IBeacon(uuid: stationUUID, major: 1, minor: 13)),
    .altBeacon(AltBeacon(companyIdentifier: 0xFFFF, id1: stationUUID, id2: 0, id3: 0xFFFF, referenceRSSI: -127)),
    .eddystoneUID(EddystoneUID(txPowerAt0m: 10, namespace: EddystoneUIDTests.namespace, instance: 0xFFFF_FFFF_FFFF)),
  ])
  func advertisingDataRoundTrips(_ frame: BeaconFrame) {
    #expect(frame.advertisingData.bytes.count <= 31)
    #expect(BeaconFrame(advertisingData: frame.advertisingData) == frame)
  }
}
