import BeaconScanning
import BeaconStatistics
import Beacons
import ProgramOutput

/// Turns a ``ScanSummary`` and the scanner's counts into `beacon-scan --summary` output: a
/// table per beacon identity and totals by kind (text), or one JSON document.
package struct ScanSummaryFormatter: Sendable {
  package var format: OutputFormat

  package init(format: OutputFormat) { self.format = format }

  /// The output lines (without newlines); JSON is a single line.
  package func lines(summary: ScanSummary, statistics: ScanStatistics, source: String) -> [String] {
    switch format {
    case .json: return [json(summary: summary, statistics: statistics, source: source)]
    case .text: return text(summary: summary, statistics: statistics)
    }
  }

  /// Reports that carried no beacon frame (other advertisers, scan responses, almost-beacons).
  static func nonBeaconReports(_ statistics: ScanStatistics) -> Int {
    statistics.advertisingReports - statistics.beaconReports
  }

  /// The JSON document. Fields: see README, "Summary".
  package func json(summary: ScanSummary, statistics: ScanStatistics, source: String) -> String {
    var document = JSONLine()
    document.add("source", source)
    document.add("advertisingReports", statistics.advertisingReports)
    document.add("beaconReports", statistics.beaconReports)
    document.add("matchedReports", summary.reports)
    document.add("nonBeaconReports", Self.nonBeaconReports(statistics))
    document.add("malformedEvents", statistics.malformedEvents)
    if statistics.impossibleRSSIReports > 0 { document.add("impossibleRSSIReports", statistics.impossibleRSSIReports) }
    var kinds = JSONLine()
    for kind in BeaconKind.allCases {
      var entry = JSONLine()
      entry.add("reports", summary.reports(of: kind))
      let identities = summary.identities(of: kind)
      entry.add("beacons", identities.count)
      if !identities.isExact { entry.add("beaconsExact", false) }
      kinds.add(kind.rawValue, object: entry)
    }
    document.add("kinds", object: kinds)
    let recoveries = statistics.deafScanRecoveries
    if !recoveries.isEmpty {
      var stages = JSONLine()
      stages.add("rescans", recoveries.rescans)
      stages.add("resets", recoveries.resets)
      stages.add("powerCycles", recoveries.powerCycles)
      stages.add("exits", recoveries.exits)
      document.add("deafScanRecoveries", object: stages)
    }
    document.add("beacons", objects: summary.beacons.map(Self.json))
    if let notListed = summary.identitiesNotListed {
      var more = JSONLine()
      more.add("identities", notListed)
      more.add("identitiesExact", false)
      more.add("reports", summary.folded.reports)
      more.add("rowLimit", summary.maximumRows)
      document.add("notListed", object: more)
    }
    return document.line
  }

  static func json(_ tally: BeaconTally) -> JSONLine {
    var object = JSONLine()
    let identity = tally.identity
    object.add("kind", identity.kind.rawValue)
    switch identity {
    case .iBeacon, .altBeacon:
      object.add("uuid", identity.uuid?.description)
      object.add("major", identity.major)
      object.add("minor", identity.minor)
    case .eddystoneUID(let namespace, let instance):
      object.add("namespace", namespace.description)
      object.add("instance", EddystoneUID.instanceText(instance))
    }
    object.add("station", tally.station?.name)
    object.add("reports", tally.reports)
    object.add("addresses", tally.distinctAddresses)
    object.add("addressesExact", tally.distinctAddressesAreExact)
    object.add("rssiMin", tally.rssi.minimum)
    object.add("rssiMedian", tally.rssi.median)
    object.add("rssiMax", tally.rssi.maximum)
    object.add("reportsWithoutRSSI", tally.rssi.missing)
    object.add("firstSeen", tally.firstSeen.iso8601)
    object.add("lastSeen", tally.lastSeen.iso8601)
    if !tally.isComplete { object.add("complete", false) }
    return object
  }

  /// The text tables: one row per identity, then the totals.
  package func text(summary: ScanSummary, statistics: ScanStatistics) -> [String] {
    // The STATION column fits the stations listed (the summary is printed once, at the end).
    let stationColumn = StationNameColumn.displayNames(of: summary.beacons.compactMap(\.station))
    let beaconColumns = TextColumns(
      widths: [13, 48, stationColumn.width, 7, 7, 4, 6, 4, 24], rightAligned: [3, 4, 5, 6, 7])
    var lines = [
      beaconColumns.line(
        "KIND", "IDENTITY", "STATION", "REPORTS", "ADDRS", "MIN", "MEDIAN", "MAX", "FIRST SEEN",
        "LAST SEEN")
    ]
    for tally in summary.beacons {
      lines.append(
        beaconColumns.line(
          tally.identity.kind.rawValue, tally.identity.description,
          tally.station.map { stationColumn.cell($0.displayName) } ?? "-",
          (tally.isComplete ? "" : "≥") + String(tally.reports),
          Self.addresses(tally),
          tally.rssi.minimum.map { String($0) } ?? "n/a", tally.rssi.median.map(Self.median) ?? "n/a",
          tally.rssi.maximum.map { String($0) } ?? "n/a", tally.firstSeen.iso8601, tally.lastSeen.iso8601))
    }
    if let notListed = summary.identitiesNotListed {
      lines.append(
        "≈\(notListed) more identities, \(summary.folded.reports) report(s), not listed: only the "
          + "\(summary.maximumRows) busiest identities of no station are kept (estimate within ±3.5 %)")
    }
    lines.append("")
    lines.append(Self.totalColumns.line("KIND", "REPORTS", "BEACONS"))
    for kind in BeaconKind.allCases {
      let identities = summary.identities(of: kind)
      lines.append(
        Self.totalColumns.line(
          kind.rawValue, String(summary.reports(of: kind)), (identities.isExact ? "" : "≈") + String(identities.count)))
    }
    let filteredOut = statistics.beaconReports - summary.reports
    if filteredOut > 0 { lines.append(Self.totalColumns.line("filtered out", String(filteredOut), "-")) }
    lines.append(Self.totalColumns.line("non-beacon", String(Self.nonBeaconReports(statistics)), "-"))
    lines.append(Self.totalColumns.line("all reports", String(statistics.advertisingReports), "-"))
    if statistics.malformedEvents > 0 {
      lines.append(Self.totalColumns.line("malformed events", String(statistics.malformedEvents), "-"))
    }
    if statistics.impossibleRSSIReports > 0 {
      lines.append(Self.totalColumns.line("impossible RSSI", String(statistics.impossibleRSSIReports), "-"))
    }
    let recoveries = statistics.deafScanRecoveries
    if !recoveries.isEmpty {
      lines.append("deaf controller: \(recoveries)")
    }
    return lines
  }

  /// The distinct addresses as people read them: `≈` before an estimate (more than 1,024
  /// addresses, see ``BeaconTally/distinctAddressesAreExact``), the bare number when exact.
  static func addresses(_ tally: BeaconTally) -> String {
    tally.distinctAddressesAreExact ? String(tally.distinctAddresses) : "≈" + String(tally.distinctAddresses)
  }

  /// A median as people read it: whole dBm, or one decimal for a half.
  static func median(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  private static let totalColumns = TextColumns(widths: [16, 9, 7], rightAligned: [1, 2])
}
