import ArgumentParser

/// `--report FILE`: the run as a page, written when it ends.
struct ReportOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "When the run ends (capture's end, Ctrl-C, --duration, arrival), write it as one self-contained HTML page: "
        + "each station beacon's RSSI over time with the events, the busiest other beacons, the GPS track on a map.",
      valueName: "file"))
  var report: String?

  /// A page that could not be written is refused now, not after the run.
  func validate() throws {
    guard let report else { return }
    do {
      try ReportFile(path: report).check()
    } catch {
      throw ValidationError(error.description)
    }
  }

  /// The page's file; `nil` without `--report`.
  var file: ReportFile? { report.map(ReportFile.init) }
}
