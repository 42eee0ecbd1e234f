import HCIController

extension ScanConfiguration {
  /// The duty as the run says it, to a tenth of a percent: `25 % duty`.
  var dutyText: String { "\(Self.text((dutyPercent * 10).rounded() / 10)) % duty" }

  /// The timing as the run says it: `interval 100 ms, window 25 ms, 25 % duty`.
  var timingText: String {
    "interval \(Self.text(intervalMilliseconds)) ms, window \(Self.text(windowMilliseconds)) ms, " + dutyText
  }

  /// Passive or active, the timing and the duplicate filter, as a `--report` page says them.
  package var reportText: String {
    (active ? "active, " : "passive, ") + timingText + (filterDuplicates ? ", duplicates filtered" : "")
  }

  /// A number as the options' help writes it (as `StationCatalogs`' `ValueRange.format` does,
  /// which this module may not import): whole ones without a fraction.
  private static func text(_ value: Double) -> String {
    if let whole = Int64(exactly: value), abs(whole) < 1_000_000_000_000_000 { return String(whole) }
    return String(value)
  }
}
