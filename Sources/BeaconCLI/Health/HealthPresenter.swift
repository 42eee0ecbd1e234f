import BeaconScanning
import Beacons
import BluetoothTypes
import MRTNavigation
import ProgramOutput
import ScanSession

/// `beacon-scan --expect` without `--table`: a line per health change of an expected station's
/// beacon, instead of a line per report.
final class HealthPresenter: ScanOutput {
  let output: StandardOutput
  private var problemCount = 0

  init(watch: StationHealthWatch, format: OutputFormat, output: StandardOutput) {
    self.output = output
    watch.printChanges(format: format, to: output)
  }

  func warn(_ problem: ScanProblem) {
    problemCount += 1
    if problemCount <= SightingPresenter.problemsShownInFull {
      StandardError.writeLine("beacon-scan: warning: \(problem)")
    }
  }

  var isDone: Bool { output.endsRun }

  func finish(statistics: ScanStatistics) { output.flush() }
}
