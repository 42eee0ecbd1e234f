import BluetoothTypes
import HCIController

extension ScanConfiguration {
  /// The duty as the run says it, to a tenth of a percent: `25 % duty`.
  var dutyText: String { "\(NumberText.plain((dutyPercent * 10).rounded() / 10)) % duty" }

  /// The timing as the run says it: `interval 100 ms, window 25 ms, 25 % duty`.
  var timingText: String {
    "interval \(NumberText.plain(intervalMilliseconds)) ms, window \(NumberText.plain(windowMilliseconds)) ms, "
      + dutyText
  }

  /// Passive or active, the timing and the duplicate filter, as a `--report` page says them.
  package var reportText: String {
    (active ? "active, " : "passive, ") + timingText + (filterDuplicates ? ", duplicates filtered" : "")
  }

}
