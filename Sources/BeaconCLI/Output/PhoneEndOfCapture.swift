import BeaconScanning
import PhoneModels
import ScanSession

/// A run's output with a phone in front of it (`--phone`): when the capture ends, what the phone
/// still held (a library cycle that had not ended) reaches the use case before the output
/// finishes, so its events are told too.
final class PhoneEndOfCapture: ScanOutput {
  private let output: any ScanOutput
  private let phone: PhoneBeaconFinder

  init(output: any ScanOutput, phone: PhoneBeaconFinder) {
    self.output = output
    self.phone = phone
  }

  func warn(_ problem: ScanProblem) { output.warn(problem) }
  var isDone: Bool { output.isDone }

  func finish(statistics: ScanStatistics) {
    phone.finish()
    output.finish(statistics: statistics)
  }
}
