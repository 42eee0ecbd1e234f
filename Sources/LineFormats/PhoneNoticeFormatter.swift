import BluetoothTypes
import MRTNavigation
import PhoneModels
import ProgramOutput

/// Lines for `--phone MODEL --trials N`: a station visit each, how often and how soon the phone
/// noticed it. JSON: one object per visit with `station`, `displayName`, `firstReport` (the visit's
/// first report, ISO 8601), `dwell` (seconds the capture heard it), `trials`, `noticedShare`
/// (0–1), `latencyMedian` and `latencyP95` (seconds from the first report; `null` when no trial
/// noticed it), `verdict` (safe, marginal, misses), `phone` and `predicted` (always true). Text: a
/// header that says what the prediction rests on, then a table.
package struct PhoneNoticeFormatter: Sendable {
  package var format: OutputFormat
  package var model: PhoneModel
  package var trials: Int
  package var seed: UInt64
  /// The text table's station column, fitted to the display names.
  package var names: StationNameColumn

  package init(format: OutputFormat, model: PhoneModel, trials: Int, seed: UInt64, names: StationNameColumn) {
    self.format = format
    self.model = model
    self.trials = trials
    self.seed = seed
    self.names = names
  }

  /// The table's columns: station, dwell, noticed, median, p95, verdict.
  private var columns: TextColumns { TextColumns(widths: [names.width, 8, 8, 8, 8, 8], rightAligned: [1, 2, 3, 4]) }

  /// The lines before the visits: text only.
  package func header() -> [String] {
    guard format == .text else { return [] }
    return [
      "Predicted, not observed: \(trials) phone(s) scanning as \(TerminalText.escaped(model.name)) (seed \(seed)).",
      "The model: \(TerminalText.escaped(model.basis)).",
      columns.line("STATION", "DWELL", "NOTICED", "MEDIAN", "P95", "VERDICT"),
    ]
  }

  /// The line of one visit.
  package func line(_ visit: StationPassage, _ notice: PhoneNotice) -> String {
    switch format {
    case .json:
      var object = JSONLine()
      object.add("station", visit.station.name)
      object.add("displayName", visit.station.displayName)
      object.add("firstReport", visit.firstReport.iso8601)
      object.add("dwell", NumberText.hundredths(visit.dwellSeconds))
      object.add("trials", notice.trials)
      object.add("noticedShare", (notice.noticedShare * 10_000).rounded() / 10_000)
      object.add("latencyMedian", notice.latencyMedian.map(NumberText.hundredths))
      object.add("latencyP95", notice.latencyP95.map(NumberText.hundredths))
      object.add("verdict", notice.verdict.rawValue)
      object.add("phone", model.name)
      object.add("predicted", true)
      return object.line
    case .text:
      func seconds(_ value: Double?) -> String { value.map { "\(NumberText.oneDecimal($0)) s" } ?? "—" }
      return columns.line(
        names.cell(visit.station.displayName), seconds(visit.dwellSeconds),
        "\(NumberText.oneDecimal(notice.noticedShare * 100)) %", seconds(notice.latencyMedian),
        seconds(notice.latencyP95), notice.verdict.rawValue)
    }
  }

  /// The line after the visits: how many were safe, and the visits too faint to score (text only).
  package func summary(_ notices: [PhoneNotice], heardOnly: Int) -> [String] {
    guard format == .text else { return [] }
    let safe = notices.filter { $0.verdict == .safe }.count
    var line = "\(safe) of \(notices.count) station visit(s) safe"
    if heardOnly > 0 {
      line += "; \(heardOnly) more heard too faintly or briefly to be found even on every report, not scored"
    }
    return [line + "."]
  }
}
