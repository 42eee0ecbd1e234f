import BeaconScanning
import BeaconStatistics
import BeaconTestSupport
import Beacons
import BluetoothTypes
import LineFormats
import MRTNavigation
import Testing

/// How `--summary` shows an address count that is estimated (more than 1,024 distinct addresses
/// for one identity) apart from an exact one.
@Suite struct ScanSummaryFormatterTests {
  static let time = Timestamp(microsecondsSinceUnixEpoch: 1_795_000_000_123_456)

  static func sighting(minor: UInt16, address: UInt64) -> BeaconSighting {
    let frame = BeaconFrame.iBeacon(IBeacon(uuid: RailBeaconUUIDs.station, major: 1, minor: minor))
    return BeaconSighting(
      time: time, address: BluetoothAddress(rawValue: address), addressType: .random, rssi: -70,
      frame: frame)
  }

  /// Cipete Raya (minor 3) from 2,000 distinct addresses, estimated; Blok M (minor 6) from 2, exact.
  static func summary() -> ScanSummary {
    var summary = ScanSummary(catalog: TestCatalogs.northSouthLine)
    for address in 0..<UInt64(2_000) { summary.record(sighting(minor: 3, address: address)) }
    summary.record(sighting(minor: 6, address: 1))
    summary.record(sighting(minor: 6, address: 2))
    return summary
  }

  static func statistics(_ summary: ScanSummary) -> ScanStatistics {
    var statistics = ScanStatistics()
    statistics.advertisingReports = summary.reports
    statistics.beaconReports = summary.reports
    return statistics
  }

  @Test func jsonSaysWhetherTheAddressCountIsExact() throws {
    let summary = Self.summary()
    let cipete = try #require(summary.beacons.first { $0.station?.name == "CipeteRaya" })
    #expect(!cipete.distinctAddressesAreExact)
    let json = ScanSummaryFormatter(format: .json).json(
      summary: summary, statistics: Self.statistics(summary), source: "test")
    #expect(
      json.contains(
        #""station":"CipeteRaya","reports":2000,"addresses":\#(cipete.distinctAddresses),"addressesExact":false,"#))
    #expect(json.contains(#""station":"BlokM","reports":2,"addresses":2,"addressesExact":true,"#))
  }

  /// A deaf controller's recovery stages are counted at the end of the summary, and only when
  /// one was done: a replay's summary (and its goldens) stay as they were.
  @Test func theDeafControllerStagesAreCountedOnlyWhenOneWasDone() {
    let summary = Self.summary()
    var statistics = Self.statistics(summary)
    let text = ScanSummaryFormatter(format: .text)
    let json = ScanSummaryFormatter(format: .json)
    #expect(!text.text(summary: summary, statistics: statistics).contains { $0.contains("deaf") })
    #expect(!json.json(summary: summary, statistics: statistics, source: "test").contains("deaf"))
    statistics.deafScanRecoveries.rescans = 1
    statistics.deafScanRecoveries.resets = 1
    statistics.deafScanRecoveries.exits = 1
    #expect(
      text.text(summary: summary, statistics: statistics).last
        == "deaf controller: scanning re-enabled 1×, reset 1×, power-cycled 0×, then exited for a restart")
    #expect(
      json.json(summary: summary, statistics: statistics, source: "test").contains(
        #""deafScanRecoveries":{"rescans":1,"resets":1,"powerCycles":0,"exits":1},"beacons":["#))
  }

  @Test func textMarksAnEstimateWithApproximatelyEqual() throws {
    let summary = Self.summary()
    let cipete = try #require(summary.beacons.first { $0.station?.name == "CipeteRaya" })
    let lines = ScanSummaryFormatter(format: .text).text(summary: summary, statistics: Self.statistics(summary))
    let header = try #require(lines.first)
    let cipeteRow = try #require(lines.first { $0.contains("Cipete Raya") })
    let blokMRow = try #require(lines.first { $0.contains("Blok M") })
    let estimate = "≈\(cipete.distinctAddresses)"
    #expect(cipeteRow.contains(" \(estimate)  "))
    #expect(blokMRow.contains("      2  "), "exact: the bare number")
    #expect(!blokMRow.contains("≈"))
    // ADDRS is right-aligned: the estimate ends where the header's ADDRS ends.
    let headerEnd = try #require(header.range(of: "ADDRS")?.upperBound)
    let rowEnd = try #require(cipeteRow.range(of: estimate)?.upperBound)
    #expect(
      header.distance(from: header.startIndex, to: headerEnd)
        == cipeteRow.distance(from: cipeteRow.startIndex, to: rowEnd))
  }
}

/// How `--summary` shows what it folded to keep memory bounded: an estimated identity count
/// marked ≈, the identities not listed on a line of their own (text) or in `notListed` (JSON),
/// and a row begun again after its identity was folded marked ≥ (text) or `complete: false`.
@Suite struct FoldedSummaryFormatterTests {
  static func stranger(_ number: UInt64, second: Int64) -> BeaconSighting {
    let frame = BeaconFrame.iBeacon(IBeacon(uuid: UUID128(high: 0xF100D, low: number), major: 2, minor: 2))
    return BeaconSighting(
      time: Timestamp(microsecondsSinceUnixEpoch: 1_795_000_000_000_000 + second * 1_000_000),
      address: BluetoothAddress(rawValue: number), addressType: .random, rssi: -70, frame: frame)
  }

  /// 1,000 strangers through 8 rows, the first one heard again at the end.
  static func summary() -> (ScanSummary, ScanStatistics) {
    var summary = ScanSummary(catalog: TestCatalogs.northSouthLine, maximumRows: 8)
    for number in 0..<UInt64(1_000) { summary.record(stranger(number, second: Int64(number))) }
    summary.record(stranger(0, second: 2_000))
    var statistics = ScanStatistics()
    statistics.advertisingReports = summary.reports
    statistics.beaconReports = summary.reports
    return (summary, statistics)
  }

  @Test func textSaysWhatIsNotListed() throws {
    let (summary, statistics) = Self.summary()
    let lines = ScanSummaryFormatter(format: .text).text(summary: summary, statistics: statistics)
    let notListed = try #require(summary.identitiesNotListed)
    let more = try #require(lines.first { $0.contains("more identities") })
    #expect(more.hasPrefix("≈\(notListed) more identities, \(summary.folded.reports) report(s), not listed"))
    #expect(more.contains("only the 8 busiest identities of no station are kept"))
    let total = try #require(lines.first { $0.hasPrefix("ibeacon ") && !$0.contains("-") })
    #expect(total.contains(" 1001 ") && total.contains("≈"), "\(total)")
    let again = try #require(lines.first { $0.contains("00000000-000F-100D-0000-000000000000") })
    #expect(again.contains(" ≥1 "), "\(again)")
  }

  @Test func jsonSaysWhatIsNotListed() throws {
    let (summary, statistics) = Self.summary()
    let json = ScanSummaryFormatter(format: .json).json(summary: summary, statistics: statistics, source: "test")
    let notListed = try #require(summary.identitiesNotListed)
    #expect(
      json.contains(
        #""notListed":{"identities":\#(notListed),"identitiesExact":false,"reports":\#(summary.folded.reports),"rowLimit":8}"#
      ))
    #expect(json.contains(#""ibeacon":{"reports":1001,"beacons":"#) && json.contains(#""beaconsExact":false"#))
    #expect(json.contains(#""complete":false"#))
  }
}
