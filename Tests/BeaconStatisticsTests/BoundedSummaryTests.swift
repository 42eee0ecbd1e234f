import BeaconTestSupport
import Beacons
import BluetoothTypes
import MRTNavigation
import Testing

@testable import BeaconStatistics

/// The summary in a crowd or a flood: rows of strangers stay within ``ScanSummary/maximumRows``,
/// the least-heard are folded, stations and busy beacons keep exact rows, totals stay exact.
@Suite struct BoundedSummaryTests {
  typealias F = FindingFixtures

  /// A stranger's iBeacon, one of many (a flood), from its own address.
  static func stranger(_ number: Int, at seconds: Double) -> BeaconSighting {
    F.sighting(
      minor: UInt16(truncatingIfNeeded: number), rssi: -80, at: seconds,
      uuid: UUID128(high: 0xF100D, low: UInt64(number)),
      major: UInt16(truncatingIfNeeded: number >> 16), address: 0xC000_0000_0000 | UInt64(number))
  }

  @Test func aFloodIsFoldedWhileStationsAndBusyBeaconsKeepExactRows() throws {
    var summary = ScanSummary(catalog: TestCatalogs.northSouthLine, maximumRows: 64)
    let busy = UUID128(high: 0xB05E, low: 1)
    var total = 0
    for second in 0..<2_000 {
      let time = Double(second)
      summary.record(Self.stranger(second, at: time))
      total += 1
      if second % 4 == 0 {
        summary.record(F.sighting(minor: 3, rssi: -70, at: time))  // Cipete Raya
        summary.record(F.sighting(minor: 7, rssi: -60, at: time, uuid: busy, major: 9, address: 0xB))
        total += 2
      }
    }
    let rows = summary.beacons
    #expect(rows.count <= 64 + 1, "stranger rows within the limit, plus the station's")
    #expect(summary.reports == total)
    #expect(summary.reports(of: .iBeacon) == total)
    let cipete = try #require(rows.first)
    #expect(cipete.station?.name == "CipeteRaya")
    #expect(cipete.reports == 500 && cipete.isComplete)
    let busyRow = try #require(rows.first { $0.identity.uuid == busy })
    #expect(busyRow.reports == 500 && busyRow.isComplete)
    #expect(busyRow.firstSeen == F.time(0) && busyRow.lastSeen == F.time(1996))
    // Every report is in a row or in the folded count.
    #expect(rows.reduce(0) { $0 + $1.reports } + summary.folded.reports == total)
    #expect(summary.folded.rows > 1_900)
    // 2,002 identities in all: the estimate is within three standard errors.
    let identities = summary.identities(of: .iBeacon)
    #expect(!identities.isExact)
    #expect(abs(Double(identities.count) - 2_002) <= 3 * 0.0115 * 2_002, "\(identities.count)")
    let notListed = try #require(summary.identitiesNotListed)
    #expect(abs(Double(notListed + rows.count) - 2_002) <= 3 * 0.0115 * 2_002)
  }

  @Test func withinTheLimitEverythingIsExactAndNothingIsFolded() {
    var summary = ScanSummary(catalog: TestCatalogs.northSouthLine, maximumRows: 64)
    for number in 0..<64 { summary.record(Self.stranger(number, at: Double(number))) }
    #expect(summary.folded == ScanSummary.Folded())
    #expect(summary.identitiesNotListed == nil)
    let identities = summary.identities(of: .iBeacon)
    #expect(identities.count == 64 && identities.isExact)
    #expect(summary.beacons.allSatisfy { $0.isComplete })
  }

  @Test func aStrangerThatComesBackAfterItsRowWasFoldedHasAnIncompleteRow() throws {
    var summary = ScanSummary(catalog: TestCatalogs.northSouthLine, maximumRows: 4)
    summary.record(Self.stranger(1, at: 0))
    for number in 2...5 { summary.record(Self.stranger(number, at: Double(number))) }  // folds 1 and 2
    summary.record(Self.stranger(1, at: 10))
    let row = try #require(summary.beacons.first { $0.identity == Self.stranger(1, at: 0).frame.identity })
    #expect(!row.isComplete)
    #expect(row.reports == 1)
    #expect(summary.reports == 6)
  }

  @Test func foldingChoosesTheSameRowsOnEveryRun() {
    func run() -> [BeaconIdentity] {
      var summary = ScanSummary(catalog: TestCatalogs.northSouthLine, maximumRows: 16)
      // Every stranger heard once at the same time: only the fixed hash tells them apart.
      for number in 0..<100 { summary.record(Self.stranger(number, at: 0)) }
      return summary.beacons.map(\.identity)
    }
    #expect(run() == run())
  }

  /// 200,000 identities through the default limit: the table stays at most 4,096 rows.
  @Test func memoryIsBoundedByTheRowLimitNotByTheIdentities() {
    var summary = ScanSummary(catalog: TestCatalogs.northSouthLine)
    for number in 0..<200_000 { summary.record(Self.stranger(number, at: Double(number) / 1000)) }
    #expect(summary.beacons.count <= ScanSummary.defaultMaximumRows)
    #expect(summary.reports == 200_000)
    #expect(summary.folded.rows >= 200_000 - ScanSummary.defaultMaximumRows)
  }
}
