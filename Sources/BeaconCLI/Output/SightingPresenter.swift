import BeaconScanning
import Beacons
import BluetoothTypes
import MRTNavigation

/// What `beacon-scan` shows for the sightings of any source: lines (text or JSON, optionally each
/// beacon once) or the `--table` view, and the warnings about malformed input.
public final class SightingPresenter: ScanOutput, BeaconFinderDelegate {
  public enum Mode: Sendable {
    /// A line per report.
    case lines(SightingFormatter, oncePerBeacon: Bool)
    /// One row per beacon; redrawn in place when `live`, else printed once at the end.
    case table(live: Bool)
  }

  private let mode: Mode
  let output: StandardOutput
  private let sourceName: String
  private var seen = RecentIdentities()
  private var table: LiveBeaconTable
  private var lastRedraw: CaptureTime?
  private var latestTime = CaptureTime(microsecondsSinceUnixEpoch: 0)
  private(set) var problemCount = 0

  /// Malformed events are listed one by one up to this many, then counted.
  static let problemsShownInFull = 20
  /// How often the live table is redrawn, in microseconds of sighting time.
  static let redrawInterval: Int64 = 500_000

  /// Names the stations' beacons.
  private let catalog: StationCatalog
  /// Lines shown under the table (`--expect`'s health block), given the time now.
  var tableFooter: ((CaptureTime) -> [String])?

  public init(mode: Mode, output: StandardOutput, sourceName: String, catalog: StationCatalog) {
    self.mode = mode
    self.catalog = catalog
    table = LiveBeaconTable(catalog: catalog)
    self.output = output
    self.sourceName = sourceName
  }

  /// The column header goes out with the first line, so that a source that fails to start
  /// prints nothing on standard output.
  private var headerWritten = false

  /// A line for the sighting (or a row of the table).
  public func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    latestTime = max(latestTime, sighting.time)
    switch mode {
    case .lines(let formatter, let once):
      let station = catalog.station(for: sighting.frame.identity)
      if once, !seen.insert(sighting.frame.identity, isStation: station != nil) { return }
      if !headerWritten, let header = formatter.header { output.writeLine(header) }
      headerWritten = true
      output.writeLine(formatter.line(for: sighting, station: station))
    case .table(let live):
      table.record(sighting)
      if live { redrawIfDue(now: sighting.time) }
    }
  }

  /// Redraws the live table if it is due; the live loop calls this while no reports arrive,
  /// so that ages keep counting.
  public func redrawIfDue(now: CaptureTime) {
    guard case .table(live: true) = mode else { return }
    if let lastRedraw, now.microsecondsSinceUnixEpoch - lastRedraw.microsecondsSinceUnixEpoch < Self.redrawInterval {
      return
    }
    lastRedraw = now
    // Cursor home, clear to the end of the screen, then the table.
    output.write("\u{1B}[H\u{1B}[J")
    for line in table.lines(now: now) + footer(now: now) { output.writeLine(line) }
    output.flush()
  }

  private func footer(now: CaptureTime) -> [String] {
    guard let tableFooter else { return [] }
    return [""] + tableFooter(now)
  }

  public func warn(_ problem: ScanProblem) {
    problemCount += 1
    if problemCount <= Self.problemsShownInFull {
      StandardOutput.warn("beacon-scan: warning: \(sourceName): \(problem)")
    }
  }

  public func beaconFinder(_ finder: any BeaconFinder, didReach time: CaptureTime) { redrawIfDue(now: time) }

  public var isDone: Bool { output.endsRun }

  /// Prints what is left: the final table, how many problems were not listed, and how many
  /// beacons `--once` forgot.
  public func finish(statistics: ScanStatistics) {
    if case .table = mode {
      if case .table(live: true) = mode { output.write("\u{1B}[H\u{1B}[J") }
      for line in table.lines(now: latestTime) + footer(now: latestTime) { output.writeLine(line) }
    }
    output.flush()
    if problemCount > Self.problemsShownInFull {
      StandardOutput.warn(
        "beacon-scan: warning: \(sourceName): \(problemCount - Self.problemsShownInFull) more malformed event(s) not shown"
      )
    }
    if seen.forgotten > 0 {
      StandardOutput.warn(
        "beacon-scan: \(sourceName): --once forgot \(seen.forgotten) beacon(s) of no station not heard for a while, "
          + "to keep at most \(seen.capacity) in memory; one heard again after that was printed again",
        priority: .notice)
    }
  }
}
