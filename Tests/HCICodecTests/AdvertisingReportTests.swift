import Testing

@testable import BluetoothTypes
@testable import HCICodec

/// Builds the bytes of an HCI event packet by hand (code, length, parameters).
private func eventPacket(code: UInt8 = 0x3E, _ parameters: [UInt8]) -> [UInt8] {
  [code, UInt8(parameters.count)] + parameters
}

/// One legacy report laid out as controllers send it.
private func legacyReport(
  eventType: UInt8 = 0x03, addressType: UInt8 = 0x01, address: [UInt8], data: [UInt8], rssi: UInt8
) -> [UInt8] {
  [eventType, addressType] + address + [UInt8(data.count)] + data + [rssi]
}

private let addressA: [UInt8] = [0x35, 0x94, 0xEF, 0xCD, 0xD6, 0x1C]  // 1C:D6:CD:EF:94:35
private let addressB: [UInt8] = [0x06, 0x05, 0x04, 0x03, 0x02, 0xC1]  // C1:02:03:04:05:06
private let flagsOnly: [UInt8] = [0x02, 0x01, 0x06]
private let nameMRT: [UInt8] = [0x04, 0x09, 0x4D, 0x52, 0x54]

private func decodeLegacy(_ packet: [UInt8]) throws -> LEAdvertisingReport {
  guard case .leMeta(.advertisingReport(let event)) = try HCIEvent(decoding: packet) else {
    Issue.record("not an LE Advertising Report")
    return LEAdvertisingReport(reports: [])
  }
  return event
}

private func decodeExtended(_ packet: [UInt8]) throws -> LEExtendedAdvertisingReport {
  guard case .leMeta(.extendedAdvertisingReport(let event)) = try HCIEvent(decoding: packet) else {
    Issue.record("not an LE Extended Advertising Report")
    return LEExtendedAdvertisingReport(reports: [])
  }
  return event
}

@Suite struct LEAdvertisingReportTests {
  @Test func severalReportsInOneEvent() throws {
    let packet = eventPacket(
      [0x02, 0x03]
        + legacyReport(eventType: 0x03, addressType: 0x01, address: addressA, data: flagsOnly, rssi: 0xC5)
        + legacyReport(eventType: 0x04, addressType: 0x00, address: addressB, data: nameMRT, rssi: 0xDD)
        + legacyReport(eventType: 0x00, addressType: 0x02, address: addressA, data: [], rssi: 0x05))
    let event = try decodeLegacy(packet)
    #expect(event.problem == nil)
    #expect(event.missingReportCount == 0)
    #expect(event.reports.count == 3)

    let first = event.reports[0]
    #expect(first.eventType == .advNonconnInd)
    #expect(first.addressType == .random)
    #expect(first.address.description == "1C:D6:CD:EF:94:35")
    #expect(Array(first.data) == flagsOnly)
    #expect(first.rssi == -59)

    let second = event.reports[1]
    #expect(second.eventType == .scanRsp)
    #expect(second.addressType == .public)
    #expect(second.address.description == "C1:02:03:04:05:06")
    #expect(Array(second.data) == nameMRT)
    #expect(second.rssi == -35)

    let third = event.reports[2]
    #expect(third.eventType == .advInd)
    #expect(third.addressType == .publicIdentity)
    #expect(third.data.isEmpty)
    #expect(third.rssi == 5)
  }

  @Test func rssi127MeansNotAvailable() throws {
    let packet = eventPacket([0x02, 0x01] + legacyReport(address: addressA, data: flagsOnly, rssi: 0x7F))
    let event = try decodeLegacy(packet)
    #expect(event.reports.count == 1)
    #expect(event.reports[0].rssi == nil)
    // 126 and −128 are real values.
    let edge = try decodeLegacy(
      eventPacket(
        [0x02, 0x02] + legacyReport(address: addressA, data: [], rssi: 0x7E)
          + legacyReport(address: addressA, data: [], rssi: 0x80)))
    #expect(edge.reports.map(\.rssi) == [126, -128])
  }

  @Test func badReportAfterGoodOnesKeepsTheGoodOnes() throws {
    // Report 2 of 3 declares 32 data bytes, more than a legacy PDU can carry.
    let bad: [UInt8] = [0x03, 0x01] + addressB + [0x20] + [UInt8](repeating: 0xAB, count: 32) + [0xC0]
    let packet = eventPacket(
      [0x02, 0x03] + legacyReport(address: addressA, data: flagsOnly, rssi: 0xC5) + bad
        + legacyReport(address: addressA, data: flagsOnly, rssi: 0xC5))
    let event = try decodeLegacy(packet)
    #expect(event.reports.count == 1)
    #expect(event.reports[0].address.description == "1C:D6:CD:EF:94:35")
    #expect(event.problem == .invalidValue(field: "Data_Length", value: 32))
    #expect(event.missingReportCount == 2)
  }

  @Test func dataLength31IsAccepted() throws {
    let data = [0x1E, 0xFF] + [UInt8](repeating: 0x11, count: 29)
    let event = try decodeLegacy(eventPacket([0x02, 0x01] + legacyReport(address: addressA, data: data, rssi: 0xC5)))
    #expect(event.problem == nil)
    #expect(event.reports.first?.data.count == 31)
  }

  @Test func reportCutShortKeepsThePrecedingOnes() throws {
    // Two good reports announced as four; the third stops after its address.
    let packet = eventPacket(
      [0x02, 0x04] + legacyReport(address: addressA, data: flagsOnly, rssi: 0xC5)
        + legacyReport(address: addressB, data: nameMRT, rssi: 0xC6) + [0x03, 0x01] + addressA)
    let event = try decodeLegacy(packet)
    #expect(event.reports.count == 2)
    #expect(event.reports.map(\.rssi) == [-59, -58])
    #expect(event.problem == .truncated(field: "Data_Length", needed: 1, available: 0))
    #expect(event.missingReportCount == 2)
  }

  @Test func dataRunningPastTheEndIsTruncated() throws {
    let packet = eventPacket([0x02, 0x01, 0x03, 0x01] + addressA + [0x05, 0x02, 0x01])
    let event = try decodeLegacy(packet)
    #expect(event.reports.isEmpty)
    #expect(event.problem == .truncated(field: "Data", needed: 5, available: 2))
    #expect(event.missingReportCount == 1)
  }

  @Test func trailingBytesAfterTheLastReport() throws {
    let packet = eventPacket(
      [0x02, 0x01] + legacyReport(address: addressA, data: flagsOnly, rssi: 0xC5) + [0x00, 0x00])
    let event = try decodeLegacy(packet)
    #expect(event.reports.count == 1)
    #expect(event.problem == .trailingBytes(field: "HCI_LE_Advertising_Report", count: 2))
    #expect(event.missingReportCount == 0)
  }

  @Test func zeroReportsIsInvalid() {
    #expect(throws: ByteDecodingError.invalidValue(field: "Num_Reports", value: 0)) {
      try HCIEvent(decoding: eventPacket([0x02, 0x00]))
    }
  }

  @Test func encodedPacketRoundTrips() throws {
    let event = LEAdvertisingReport(reports: [
      .init(
        eventType: .advNonconnInd, addressType: .random, address: BluetoothAddress(rawValue: 0x1CD6_CDEF_9435),
        data: flagsOnly[...], rssi: -59),
      .init(
        eventType: .scanRsp, addressType: .public, address: BluetoothAddress(rawValue: 0xC102_0304_0506),
        data: nameMRT[...], rssi: nil),
    ])
    let packet = event.encodedPacket()
    #expect(
      packet
        == eventPacket(
          [0x02, 0x02]
            + legacyReport(eventType: 0x03, addressType: 0x01, address: addressA, data: flagsOnly, rssi: 0xC5)
            + legacyReport(eventType: 0x04, addressType: 0x00, address: addressB, data: nameMRT, rssi: 0x7F)))
    #expect(try decodeLegacy(packet) == event)
  }
}

/// One extended report, fields in the order of Core spec Vol 4, Part E, 7.7.65.13.
private func extendedReport(
  eventType: UInt16, addressType: UInt8 = 0x01, address: [UInt8], primaryPHY: UInt8 = 0x01,
  secondaryPHY: UInt8 = 0x00, sid: UInt8 = 0xFF, txPower: UInt8 = 0x7F, rssi: UInt8,
  interval: UInt16 = 0, directAddressType: UInt8 = 0x00, directAddress: [UInt8] = [0, 0, 0, 0, 0, 0],
  data: [UInt8]
) -> [UInt8] {
  [UInt8(eventType & 0xFF), UInt8(eventType >> 8), addressType] + address
    + [primaryPHY, secondaryPHY, sid, txPower, rssi, UInt8(interval & 0xFF), UInt8(interval >> 8), directAddressType]
    + directAddress + [UInt8(data.count)] + data
}

@Suite struct LEExtendedAdvertisingReportTests {
  @Test func reservedBit15IsKeptAndIgnored() throws {
    // 0x8013: connectable, scannable, legacy (ADV_IND) with reserved bit 15 set, as some controllers send.
    let packet = eventPacket(
      [0x0D, 0x01] + extendedReport(eventType: 0x8013, address: addressA, rssi: 0xBA, data: flagsOnly))
    let event = try decodeExtended(packet)
    #expect(event.problem == nil)
    let report = try #require(event.reports.first)
    #expect(report.eventType.rawValue == 0x8013)
    #expect(report.eventType.isConnectable)
    #expect(report.eventType.isScannable)
    #expect(report.eventType.isLegacy)
    #expect(!report.eventType.isDirected)
    #expect(!report.eventType.isScanResponse)
    #expect(report.eventType.dataStatus == .complete)
    #expect(report.rssi == -70)
    #expect(report.txPower == nil)
    #expect(Array(report.data) == flagsOnly)
  }

  @Test(arguments: [
    (UInt16(0x0000), UInt8(0)), (0x0020, 1), (0x0040, 2), (0x0060, 3), (0x8020, 1), (0x005F, 2),
  ])
  func dataStatusBits(_ eventType: UInt16, _ status: UInt8) throws {
    let packet = eventPacket(
      [0x0D, 0x01] + extendedReport(eventType: eventType, address: addressA, rssi: 0xC5, data: []))
    let event = try decodeExtended(packet)
    #expect(event.reports.first?.eventType.dataStatus == LEExtendedAdvertisingReport.DataStatus(rawValue: status))
  }

  @Test func dataStatusNames() {
    typealias EventType = LEExtendedAdvertisingReport.EventType
    #expect(EventType(rawValue: 0x0020).dataStatus == .incompleteMoreToCome)
    #expect(EventType(rawValue: 0x0040).dataStatus == .incompleteTruncated)
    #expect(EventType.legacyNonconnectable.isLegacy)
    #expect(!EventType.legacyNonconnectable.isConnectable)
    #expect(!EventType.legacyNonconnectable.isScannable)
    #expect(EventType(rawValue: 0x001B).isScanResponse)
    #expect(EventType(rawValue: 0x0015).isDirected)
  }

  @Test func allFieldsOfTwoReports() throws {
    let longData = [0x30, 0xFF] + [UInt8](repeating: 0x5A, count: 47)  // 49 bytes: beyond legacy's 31
    let packet = eventPacket(
      [0x0D, 0x02]
        + extendedReport(
          eventType: 0x0000, addressType: 0xFF, address: [0, 0, 0, 0, 0, 0], primaryPHY: 0x03, secondaryPHY: 0x02,
          sid: 0x07, txPower: 0xF8, rssi: 0xB0, interval: 0x0640, directAddressType: 0x01, directAddress: addressB,
          data: longData)
        + extendedReport(eventType: 0x0010, address: addressA, rssi: 0x7F, data: flagsOnly))
    let event = try decodeExtended(packet)
    #expect(event.problem == nil)
    #expect(event.reports.count == 2)
    let first = event.reports[0]
    #expect(first.addressType == .anonymous)
    #expect(first.primaryPHY == .leCoded)
    #expect(first.secondaryPHY == .le2M)
    #expect(first.advertisingSID == 7)
    #expect(first.txPower == -8)
    #expect(first.rssi == -80)
    #expect(first.periodicAdvertisingInterval == 0x0640)
    #expect(first.directAddressType == .random)
    #expect(first.directAddress.description == "C1:02:03:04:05:06")
    #expect(first.data.count == 49)
    let second = event.reports[1]
    #expect(second.eventType == .legacyNonconnectable)
    #expect(second.rssi == nil)
    #expect(second.advertisingSID == 0xFF)
    #expect(second.address.description == "1C:D6:CD:EF:94:35")
  }

  @Test func badReportAfterGoodOne() throws {
    let good = extendedReport(eventType: 0x0010, address: addressA, rssi: 0xC5, data: flagsOnly)
    let cut = Array(extendedReport(eventType: 0x0010, address: addressB, rssi: 0xC5, data: flagsOnly).prefix(13))
    let event = try decodeExtended(eventPacket([0x0D, 0x03] + good + cut))
    #expect(event.reports.count == 1)
    // 13 bytes end with TX_Power; RSSI is missing.
    #expect(event.problem == .truncated(field: "RSSI", needed: 1, available: 0))
    #expect(event.missingReportCount == 2)
  }

  @Test func trailingBytes() throws {
    let good = extendedReport(eventType: 0x0010, address: addressA, rssi: 0xC5, data: flagsOnly)
    let event = try decodeExtended(eventPacket([0x0D, 0x01] + good + [0xEE]))
    #expect(event.reports.count == 1)
    #expect(event.problem == .trailingBytes(field: "HCI_LE_Extended_Advertising_Report", count: 1))
  }

  @Test func encodedPacketRoundTrips() throws {
    let event = LEExtendedAdvertisingReport(reports: [
      .init(
        eventType: .init(rawValue: 0x8013), addressType: .random, address: BluetoothAddress(rawValue: 0x1CD6_CDEF_9435),
        txPower: -4, rssi: -60, data: flagsOnly[...]),
      .init(
        eventType: .legacyNonconnectable, addressType: .public, address: BluetoothAddress(rawValue: 1),
        primaryPHY: .leCoded, secondaryPHY: .leCoded, advertisingSID: 2, rssi: nil, periodicAdvertisingInterval: 6,
        data: nameMRT[...]),
    ])
    let packet = event.encodedPacket()
    #expect(packet[0] == 0x3E)
    #expect(Int(packet[1]) == packet.count - 2)
    #expect(Array(packet[2...5]) == [0x0D, 0x02, 0x13, 0x80])
    #expect(try decodeExtended(packet) == event)
  }

  /// A PHY the specification does not name (a newer one, or a controller's mistake) is kept as it
  /// came, and written back the same.
  @Test func unnamedPHYsAreKeptAndRoundTrip() throws {
    let packet = eventPacket(
      [0x0D, 0x01]
        + extendedReport(
          eventType: 0x0010, address: [1, 2, 3, 4, 5, 6], primaryPHY: 0x07, secondaryPHY: 0xFE, rssi: 0xC4,
          data: []))
    let event = try decodeExtended(packet)
    let report = try #require(event.reports.first)
    #expect(report.primaryPHY == LEPHY(rawValue: 0x07))
    #expect(report.secondaryPHY == LEPHY(rawValue: 0xFE))
    #expect(event.encodedPacket() == packet)
  }
}

@Suite struct HCIEventDecodingTests {
  @Test func lengthMustMatch() {
    #expect(throws: ByteDecodingError.lengthMismatch(field: "Parameter_Total_Length", declared: 5, available: 3)) {
      try HCIEvent(decoding: [0x3E, 0x05, 0x02, 0x01, 0x03])
    }
    #expect(throws: ByteDecodingError.lengthMismatch(field: "Parameter_Total_Length", declared: 1, available: 2)) {
      try HCIEvent(decoding: [0x0E, 0x01, 0x01, 0x00])
    }
    #expect(throws: ByteDecodingError.truncated(field: "Parameter_Total_Length", needed: 1, available: 0)) {
      try HCIEvent(decoding: [0x3E])
    }
    #expect(throws: ByteDecodingError.truncated(field: "Subevent_Code", needed: 1, available: 0)) {
      try HCIEvent(decoding: [0x3E, 0x00])
    }
  }

  @Test func decodesFromASliceOfALargerBuffer() throws {
    let buffer: [UInt8] =
      [0x04] + eventPacket([0x02, 0x01] + legacyReport(address: addressA, data: flagsOnly, rssi: 0xC5))
    let event = try HCIEvent(decoding: buffer[1...])
    guard case .leMeta(.advertisingReport(let report)) = event else {
      Issue.record("expected an advertising report")
      return
    }
    #expect(Array(report.reports[0].data) == flagsOnly)
    #expect(AdvertisingData(report.reports[0].data).first(.flags) != nil)
  }

  @Test func commandComplete() throws {
    // HCI_Reset complete: 1 packet allowed, opcode 0x0C03, status success.
    let event = try HCIEvent(decoding: [0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00])
    guard case .commandComplete(let complete) = event else {
      Issue.record("expected Command Complete")
      return
    }
    #expect(complete.numHCICommandPackets == 1)
    #expect(complete.commandOpcode == HCIOpcode(rawValue: 0x0C03))
    #expect(complete.status == .success)
  }

  @Test func commandStatus() throws {
    let event = try HCIEvent(decoding: [0x0F, 0x04, 0x0C, 0x01, 0x0B, 0x20])
    #expect(
      event
        == .commandStatus(
          CommandStatus(status: .commandDisallowed, numHCICommandPackets: 1, commandOpcode: HCIOpcode(rawValue: 0x200B))
        ))
    #expect(throws: ByteDecodingError.trailingBytes(field: "HCI_Command_Status", count: 1)) {
      try HCIEvent(decoding: [0x0F, 0x05, 0x00, 0x01, 0x0B, 0x20, 0x00])
    }
  }

  @Test func hardwareError() throws {
    #expect(try HCIEvent(decoding: [0x10, 0x01, 0x2A]) == .hardwareError(HardwareError(hardwareCode: 0x2A)))
  }

  @Test func unknownEventsAndSubeventsStayRaw() throws {
    #expect(
      try HCIEvent(decoding: [0x05, 0x04, 0x00, 0x40, 0x00, 0x16])
        == .other(code: HCIEventCode(rawValue: 0x05), parameters: [0x00, 0x40, 0x00, 0x16][...]))
    #expect(
      try HCIEvent(decoding: [0x3E, 0x03, 0x01, 0xAA, 0xBB])
        == .leMeta(.other(subevent: LEMetaSubeventCode(rawValue: 0x01), parameters: [0xAA, 0xBB][...])))
  }
}
