import Testing

@testable import HCICodec

@Suite struct ParameterValueCommandTests {
  @Test func advertisingIntervalFromMilliseconds() throws {
    #expect(try AdvertisingInterval(milliseconds: 100).rawValue == 0x00A0)
    #expect(try AdvertisingInterval(milliseconds: 20).rawValue == 0x0020)
    #expect(try AdvertisingInterval(milliseconds: 10_240).rawValue == 0x4000)
    // Rounded to the nearest 0.625 ms unit: 100.3 ms is 160.48 units.
    #expect(try AdvertisingInterval(milliseconds: 100.3).rawValue == 160)
    #expect(AdvertisingInterval(rawValue: 0x0640).milliseconds == 1000)
  }

  @Test func advertisingIntervalOutOfRange() {
    #expect(throws: HCIParameterError.outOfRange(field: "Advertising_Interval", milliseconds: 19, allowed: 20...10_240))
    {
      try AdvertisingInterval(milliseconds: 19)
    }
    #expect(throws: HCIParameterError.self) { try AdvertisingInterval(milliseconds: 10_241) }
    #expect(throws: HCIParameterError.self) { try AdvertisingInterval(milliseconds: .nan) }
    #expect(throws: HCIParameterError.self) { try AdvertisingInterval(milliseconds: -.infinity) }
  }

  @Test func extendedAdvertisingIntervalRange() throws {
    #expect(try ExtendedAdvertisingInterval(milliseconds: 100).rawValue == 0xA0)
    #expect(try ExtendedAdvertisingInterval(milliseconds: 20_000).rawValue == 32_000)
    #expect(throws: HCIParameterError.self) { try ExtendedAdvertisingInterval(milliseconds: 10_485_760) }
    #expect(ExtendedAdvertisingInterval(rawValue: 0x0100_0020).rawValue == 0x20)
    #expect(ExtendedAdvertisingInterval(AdvertisingInterval(rawValue: 0x4000)).rawValue == 0x4000)
  }

  @Test func scanIntervalRanges() throws {
    #expect(try ScanInterval(milliseconds: 2.5).rawValue == 0x0004)
    #expect(try ScanInterval(milliseconds: 10_240).rawValue == 0x4000)
    #expect(throws: HCIParameterError.self) { try ScanInterval(milliseconds: 10_240.625) }
    #expect(try ScanInterval(milliseconds: 40_959.375, range: ScanInterval.extendedRange).rawValue == 0xFFFF)
    #expect(throws: HCIParameterError.self) { try ScanInterval(milliseconds: 2) }
  }

  @Test func durationsAndPeriods() throws {
    #expect(try ScanDuration(milliseconds: 10).rawValue == 1)
    #expect(throws: HCIParameterError.self) { try ScanDuration(milliseconds: 0) }
    #expect(ScanDuration.continuous.rawValue == 0)
    #expect(try ScanPeriod(milliseconds: 1280).rawValue == 1)
    #expect(try AdvertisingDuration(milliseconds: 655_350).rawValue == 0xFFFF)
    #expect(throws: HCIParameterError.self) { try AdvertisingDuration(milliseconds: 655_360) }
  }

  @Test func hciStatusDescription() {
    #expect(HCIStatus.success.description == "Success (0x00)")
    #expect(HCIStatus.commandDisallowed.description == "Command Disallowed (0x0C)")
    #expect(HCIStatus(rawValue: 0x7F).description == "0x7F")
  }

  @Test func coreSpecificationVersionNames() {
    #expect(CoreSpecificationVersion.core54.description == "5.4")
    #expect(CoreSpecificationVersion(rawValue: 0x09).description == "5.0")
    #expect(CoreSpecificationVersion(rawValue: 0x20).description == "0x20")
  }
}
