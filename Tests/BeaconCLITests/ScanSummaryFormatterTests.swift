import BeaconScanning
import BeaconStatistics
import Beacons
import BluetoothTypes
import MRTNavigation
import Testing

@testable import BeaconCLI

/// How `--summary` shows an address count that is estimated (more than 1,024 distinct addresses
/// for one identity) apart from an exact one.
@Suite struct ScanSummaryFormatterTests {
  static let time = CaptureTime(microsecondsSinceUnixEpoch: 1_795_000_000_123_456)

  static func sighting(minor: UInt16, address: UInt64) -> BeaconSighting {
    let frame = BeaconFrame.iBeacon(IBeacon(uuid: JakartaMRT.projectUUID, major: 1, minor: minor))
    return BeaconSighting(
      time: time, address: BluetoothAddress(rawValue: address), addressType: .random, rssi: -70,
      frame: frame)
  }

  /// Cipete Raya (minor 3) from 2,000 distinct addresses, estimated; Blok M (minor 6) from 2, exact.
  static func summary() -> ScanSummary {
    var summary = ScanSummary(catalog: JakartaMRT.catalog)
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
