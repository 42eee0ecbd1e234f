import BeaconScanning
import Beacons
import BluetoothTypes
import MRTNavigation

/// `beacon-scan --expect` without `--table`: a line per health change of an expected station's
/// beacon, instead of a line per report.
final class HealthPresenter: ScanOutput {
  let formatter: HealthEventFormatter
  let output: StandardOutput
  let watch: StationHealthWatch
  private var problemCount = 0

  init(watch: StationHealthWatch, format: OutputFormat, output: StandardOutput) {
    self.watch = watch
    self.formatter = HealthEventFormatter(format: format)
    self.output = output
    watch.listeners.append { [unowned self] change, station in
      self.output.writeLine(self.formatter.line(change, station: station, strength: self.watch.strength(of: station)))
      self.output.flush()
    }
  }

  func warn(_ problem: ScanProblem) {
    problemCount += 1
    if problemCount <= SightingPresenter.problemsShownInFull {
      StandardOutput.warn("beacon-scan: warning: \(problem)")
    }
  }

  var isDone: Bool { output.readerHasGone }

  func finish(statistics: ScanStatistics) { output.flush() }
}
