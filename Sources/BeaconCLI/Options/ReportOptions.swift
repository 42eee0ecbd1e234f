import ArgumentParser
import RunReports
import StationCatalogs

/// `--report FILE`: the run as a page, written when it ends.
struct ReportOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "When the run ends (capture's end, Ctrl-C, --duration, arrival), write it as one self-contained HTML page: "
        + "each station beacon's RSSI over time with the events, the busiest other beacons, the GPS track on a map. "
        + "A regular file (replaced whole) or a new name; not a link, device, FIFO, socket or directory.",
      valueName: "file"))
  var report: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "During a live run, rewrite the --report page this often, so that a run cut short (power lost, killed) "
        + "keeps its page up to then; \(ValueRange.reportEverySeconds), 0: only at the end (default: 300).",
      valueName: "seconds"),
    transform: ValueRange.reportEverySeconds.parse)
  var reportEvery: Double?

  /// How often a live run rewrites its page; `nil`: only at the end.
  var checkpointInterval: Duration? {
    let seconds = reportEvery ?? 300
    return seconds > 0 ? .milliseconds(ofSeconds: seconds) : nil
  }

  /// A page that could not be written is refused now, not after the run.
  func validate() throws {
    if reportEvery != nil, report == nil {
      throw ValidationError("--report-every rewrites the --report page: give --report too.")
    }
    guard let report else { return }
    do {
      try ReportFile(path: report).check()
    } catch {
      throw ValidationError("--report \(error)")
    }
  }

  /// The page's file; `nil` without `--report`.
  var file: ReportFile? { report.map(ReportFile.init) }
}
