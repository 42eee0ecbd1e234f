import Testing

@testable import BluetoothTypes
@testable import HCICodec

@Suite struct ScanningCommandTests {
  @Test func leSetScanParametersActive() throws {
    let command = LESetScanParameters(
      leScanType: .active, leScanInterval: try ScanInterval(milliseconds: 60),
      leScanWindow: try ScanInterval(milliseconds: 30))
    // LE_Scan_Type 01, interval 0x0060, window 0x0030, public, basic unfiltered.
    try expectCommandPacket(command, "0B 20 07 01 60 00 30 00 00 00")
  }

  @Test func leSetScanParametersTruncated() {
    #expect(throws: ByteDecodingError.truncated(field: "Scanning_Filter_Policy", needed: 1, available: 0)) {
      try LESetScanParameters(decodingParameters: [0x01, 0x60, 0x00, 0x30, 0x00, 0x00][...])
    }
  }

  @Test func leSetScanEnable() throws {
    try expectCommandPacket(LESetScanEnable(leScanEnable: true, filterDuplicates: .disabled), "0C 20 02 01 00")
    try expectCommandPacket(LESetScanEnable(leScanEnable: false, filterDuplicates: .enabled), "0C 20 02 00 01")
  }

  @Test func leSetScanEnableRejectsNonBooleanEnable() {
    #expect(throws: ByteDecodingError.invalidValue(field: "LE_Scan_Enable", value: 2)) {
      try LESetScanEnable(decodingParameters: [0x02, 0x00][...])
    }
  }

  @Test func leSetExtendedScanParametersBothPHYs() throws {
    let command = LESetExtendedScanParameters(
      le1M: .init(
        scanType: .passive, scanInterval: ScanInterval(rawValue: 0x0012), scanWindow: ScanInterval(rawValue: 0x0012)),
      leCoded: .init(
        scanType: .active, scanInterval: ScanInterval(rawValue: 0x0036), scanWindow: ScanInterval(rawValue: 0x0024)))
    #expect(command.scanningPHYs == 0x05)
    // Own_Address_Type 00, policy 00, Scanning_PHYs 05, then per PHY: type, interval, window.
    try expectCommandPacket(command, "41 20 0D 00 00 05 00 12 00 12 00 01 36 00 24 00")
  }

  @Test func leSetExtendedScanParametersOnly1M() throws {
    let command = LESetExtendedScanParameters(
      ownAddressType: .random, scanningFilterPolicy: .basicUnfiltered,
      le1M: .init(
        scanType: .active, scanInterval: ScanInterval(rawValue: 0x0060), scanWindow: ScanInterval(rawValue: 0x0030)))
    try expectCommandPacket(command, "41 20 08 01 00 01 01 60 00 30 00")
  }

  @Test func leSetExtendedScanParametersUnknownPHYBit() {
    #expect(throws: ByteDecodingError.invalidValue(field: "Scanning_PHYs", value: 0x02)) {
      try LESetExtendedScanParameters(decodingParameters: [0x00, 0x00, 0x02, 0x01, 0x60, 0x00, 0x30, 0x00][...])
    }
  }

  @Test func leSetExtendedScanParametersMissingEntry() {
    #expect(throws: ByteDecodingError.truncated(field: "Scan_Type", needed: 1, available: 0)) {
      try LESetExtendedScanParameters(decodingParameters: [0x00, 0x00, 0x05, 0x01, 0x60, 0x00, 0x30, 0x00][...])
    }
  }

  @Test func leSetExtendedScanEnable() throws {
    let command = LESetExtendedScanEnable(
      enable: true, filterDuplicates: .enabled, duration: try ScanDuration(milliseconds: 1000),
      period: try ScanPeriod(milliseconds: 2560))
    try expectCommandPacket(command, "42 20 06 01 01 64 00 02 00")
    try expectCommandPacket(LESetExtendedScanEnable(enable: false), "42 20 06 00 00 00 00 00 00")
  }
}
