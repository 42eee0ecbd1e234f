import BeaconScanning
import Beacons
import BluetoothTypes
import LineFormats
import MRTNavigation
import ProgramOutput
import ScanSession

/// What `beacon-scan` shows for the sightings of any source: lines (text or JSON, optionally each
/// beacon once) or the `--table` view, and the warnings about malformed input.
package final class SightingPresenter: ScanOutput, BeaconFinderDelegate {
  package enum Mode: Sendable {
    /// A line per report.
    case lines(SightingFormatter, oncePerBeacon: Bool)
    /// One row per beacon; redrawn in place when `live` (a terminal), else printed once at the
    /// end; LAST SEEN as an age or, after a replay, the capture's timestamp.
    case table(live: Bool, lastSeen: LiveBeaconTable.LastSeen)
  }

  private let mode: Mode
  let output: StandardOutput
  private let sourceName: String
  private var seen = RecentIdentities()
  private var notice = ImpossibleRSSINotice()
  private var table: LiveBeaconTable
  private var lastRedraw: Timestamp?
  /// The latest time heard of: a sighting's, or the time a live run reached while quiet.
  private var latestTime = Timestamp(microsecondsSinceUnixEpoch: 0)
  /// Where the live table is drawn.
  private let screen: LiveScreen
  /// How long the controller has been gone, while a `--reconnect` run waits for it.
  private var controllerGone: Duration?
  private(set) var problemCount = 0

  /// Malformed events are listed one by one up to this many, then counted.
  static let problemsShownInFull = 20
  /// How often the live table is redrawn, in microseconds of sighting time.
  static let redrawInterval: Int64 = 500_000

  /// Names the stations' beacons.
  private let catalog: StationCatalog
  /// Lines shown under the table (`--expect`'s health block), given the time now.
  var tableFooter: ((Timestamp) -> [String])?

  /// The ranging shown with `--ranging`: each beacon's state after each report.
  private var ranging: BeaconRanging?

  /// `ranging`: the configuration to range with for `--ranging`; `nil` shows none.
  package init(
    mode: Mode, output: StandardOutput, sourceName: String, catalog: StationCatalog,
    ranging: BeaconRanging.Configuration? = nil
  ) {
    self.mode = mode
    self.catalog = catalog
    self.ranging = ranging.map { BeaconRanging(configuration: $0) }
    table = LiveBeaconTable(catalog: catalog, showsRanging: ranging != nil)
    self.output = output
    self.sourceName = sourceName
    screen = LiveScreen(output: output)
  }

  /// The column header goes out with the first line, so that a source that fails to start
  /// prints nothing on standard output.
  private var headerWritten = false

  /// A line for the sighting (or a row of the table).
  package func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    latestTime = max(latestTime, sighting.time)
    notice.check(sighting, program: "beacon-scan", source: sourceName)
    let ranged = rangedState(after: sighting)
    switch mode {
    case .lines(let formatter, let once):
      let station = catalog.station(for: sighting.frame.identity)
      if once, !seen.insert(sighting.frame.identity, isStation: station != nil) { return }
      if !headerWritten, let header = formatter.header { output.writeLine(header) }
      headerWritten = true
      output.writeLine(formatter.line(for: sighting, station: station, ranged: ranged))
    case .table(let live, _):
      table.record(sighting, ranged: ranged)
      if live { redrawIfDue(now: sighting.time) }
    }
  }

  /// Ranges with this receiver's `offset` from now on (a fleet node's offset set remotely).
  package func setRSSIOffset(_ offset: Double) { ranging?.setRSSIOffset(offset) }

  /// The beacon's ranging after `sighting`, with `--ranging`.
  private func rangedState(after sighting: BeaconSighting) -> BeaconState? {
    guard ranging != nil else { return nil }
    for event in ranging?.ingest(sighting) ?? [] {
      if case .ranged(let state) = event, state.identity == sighting.frame.identity { return state }
    }
    return nil
  }

  /// Redraws the live table if it is due; the live loop calls this while no reports arrive,
  /// and the reconnect loop while the controller is gone, so that ages keep counting.
  ///
  /// Drawn on a ``LiveScreen``, left by ``finish(statistics:)``, which prints the final table
  /// into the scrollback.
  package func redrawIfDue(now: Timestamp) {
    guard case .table(live: true, _) = mode else { return }
    latestTime = max(latestTime, now)
    if let lastRedraw, now.microsecondsSinceUnixEpoch - lastRedraw.microsecondsSinceUnixEpoch < Self.redrawInterval {
      return
    }
    lastRedraw = now
    screen.draw(table.lines(now: now) + ["", statusLine] + footer(now: now))
  }

  /// The line under the live table: what the run is doing now.
  private var statusLine: String {
    guard let controllerGone else { return "scanning \(sourceName)" }
    return "controller gone, reconnecting… (\(controllerGone.components.seconds) s)"
  }

  package func controllerAway(for gone: Duration, now: Timestamp) {
    controllerGone = gone
    redrawIfDue(now: now)
  }

  package func controllerBack() { controllerGone = nil }

  private func footer(now: Timestamp) -> [String] {
    guard let tableFooter else { return [] }
    return [""] + tableFooter(now)
  }

  package func warn(_ problem: ScanProblem) {
    problemCount += 1
    if problemCount <= Self.problemsShownInFull {
      StandardError.writeLine("beacon-scan: warning: \(sourceName): \(problem)")
    }
  }

  package func beaconFinder(_ finder: any BeaconFinder, didReach time: Timestamp) {
    latestTime = max(latestTime, time)
    redrawIfDue(now: time)
  }

  package var isDone: Bool { output.endsRun }

  /// Prints what is left: the final table (the live one back on the normal screen, so that it
  /// stays in the scrollback), how many problems were not listed, and how many beacons `--once`
  /// forgot.
  package func finish(statistics: ScanStatistics) {
    if case .table(_, let lastSeen) = mode {
      screen.leave()
      for line in table.lines(now: latestTime, lastSeen: lastSeen) + footer(now: latestTime) { output.writeLine(line) }
    }
    output.flush()
    if problemCount > Self.problemsShownInFull {
      StandardError.writeLine(
        "beacon-scan: warning: \(sourceName): \(problemCount - Self.problemsShownInFull) more malformed event(s) not shown"
      )
    }
    if seen.forgotten > 0 {
      StandardError.writeLine(
        "beacon-scan: \(sourceName): --once forgot \(seen.forgotten) beacon(s) of no station not heard for a while, "
          + "to keep at most \(seen.capacity) in memory; one heard again after that was printed again",
        priority: .notice)
    }
  }
}
