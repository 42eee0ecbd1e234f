import BeaconTestSupport
import Beacons
import BluetoothTypes
import Testing

@testable import BeaconStatistics
@testable import MRTNavigation

@Suite struct RSSIHistogramTests {
  @Test func emptyHasNoFigures() {
    let histogram = RSSIHistogram()
    #expect(histogram.minimum == nil)
    #expect(histogram.median == nil)
    #expect(histogram.maximum == nil)
    #expect(histogram.count == 0)
  }

  // Expected medians by hand: sorted [-80, -70, -60] → -70; sorted [-90, -80, -70, -60] → (-80 + -70) / 2.
  @Test func medianOfOddAndEvenCounts() {
    var odd = RSSIHistogram()
    for value: Int8 in [-60, -80, -70] { odd.add(value) }
    #expect(odd.median == -70)
    #expect(odd.minimum == -80)
    #expect(odd.maximum == -60)
    var even = odd
    even.add(-90)
    #expect(even.median == -75)
    #expect(even.minimum == -90)
    #expect(even.count == 4)
  }

  @Test func reportsWithoutRSSIAreCountedApart() {
    var histogram = RSSIHistogram()
    histogram.add(nil)
    histogram.add(-50)
    histogram.add(nil)
    #expect(histogram.missing == 2)
    #expect(histogram.count == 1)
    #expect(histogram.median == -50)
  }

  /// Values outside −127…+20 (reserved, but a report may carry them) are counted, not dropped.
  @Test func extremesAndRepeatsGrowBothWays() {
    var histogram = RSSIHistogram()
    for value: Int8 in [0, 0, 0, Int8.min, Int8.max, -1] { histogram.add(value) }
    // Sorted: -128, -1, 0, 0, 0, 127 → middle two are 0 and 0.
    #expect(histogram.minimum == Int8.min)
    #expect(histogram.maximum == Int8.max)
    #expect(histogram.median == 0)
  }

  /// The histogram agrees with sorting on a long seeded series, the way the summary uses it.
  @Test func agreesWithSortingOnASeededSeries() {
    var generator = SplitMix64(seed: 6)
    var histogram = RSSIHistogram()
    var values: [Int] = []
    for _ in 0..<10_001 {
      let value = Int8(truncatingIfNeeded: Int(generator.next() % 148) - 127)
      histogram.add(value)
      values.append(Int(value))
    }
    values.sort()
    #expect(histogram.median == Double(values[5000]))
    histogram.add(Int8(values[5001]))
    #expect(histogram.median == Double(values[5000] + values[5001]) / 2)
  }
}

@Suite struct ScanSummaryTests {
  @Test func kindIndicesFollowTheKindsOrder() {
    #expect(BeaconKind.allCases.map(ScanSummary.kindIndex) == Array(BeaconKind.allCases.indices))
  }

  @Test func talliesPerIdentityWithDistinctAddressesAndTimeRange() {
    var summary = ScanSummary(catalog: TestCatalogs.northSouthLine)
    summary.record(FindingFixtures.sighting(minor: 3, rssi: -70, at: 5, address: 0xA))
    summary.record(FindingFixtures.sighting(minor: 3, rssi: -60, at: 2, address: 0xB))
    summary.record(FindingFixtures.sighting(minor: 3, rssi: nil, at: 9, address: 0xA))
    summary.record(FindingFixtures.sighting(minor: 1, rssi: -90, at: 1, address: 0xA))
    let foreign = UUID128(high: 1, low: 2)
    summary.record(FindingFixtures.sighting(minor: 7, rssi: -80, at: 3, uuid: foreign))

    #expect(summary.reports == 5)
    #expect(summary.reports(of: .iBeacon) == 5)
    #expect(summary.identities(of: .iBeacon).count == 3 && summary.identities(of: .iBeacon).isExact)
    #expect(summary.identities(of: .altBeacon).count == 0)
    let beacons = summary.beacons
    // Stations in line order (Lebak Bulus 1, Cipete Raya 3), then the foreign beacon.
    #expect(beacons.map { $0.station?.name } == ["LebakBulus", "CipeteRaya", nil])
    let cipete = beacons[1]
    #expect(cipete.reports == 3)
    #expect(cipete.distinctAddresses == 2)
    #expect(cipete.rssi.median == -65)
    #expect(cipete.rssi.missing == 1)
    #expect(cipete.firstSeen == FindingFixtures.time(2))
    #expect(cipete.lastSeen == FindingFixtures.time(9))
  }
}

@Suite struct BeaconTallyAddressTests {
  /// 1,024 distinct addresses, each heard twice, are counted exactly; the 1,025th turns the count
  /// into an estimate, flagged as such.
  @Test func distinctAddressesAreExactUpTo1024ThenFlaggedAsEstimated() throws {
    var summary = ScanSummary(catalog: TestCatalogs.northSouthLine)
    for address in 1...UInt64(1024) {
      summary.record(FindingFixtures.sighting(minor: 3, rssi: -70, at: 1, address: address))
      summary.record(FindingFixtures.sighting(minor: 3, rssi: -70, at: 2, address: address))
    }
    var tally = try #require(summary.beacons.first)
    #expect(tally.reports == 2048)
    #expect(tally.distinctAddresses == 1024)
    #expect(tally.distinctAddressesAreExact)
    summary.record(FindingFixtures.sighting(minor: 3, rssi: -70, at: 3, address: 1025))
    tally = try #require(summary.beacons.first)
    #expect(!tally.distinctAddressesAreExact)
    #expect(tally.distinctAddresses >= 1025)
  }
}
