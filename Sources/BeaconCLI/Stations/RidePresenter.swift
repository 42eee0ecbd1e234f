import BeaconScanning
import BluetoothTypes
import MRTNavigation

/// `beacon-ride`: the delegate of ``NotifyWhenNearMRTStationAndSpecificMRTStationOnce`` (which
/// the finder feeds); a line per station found, then on arrival a line, a notification and the alarm, and the ride is done.
final class RidePresenter: ScanOutput, NotifyWhenNearMRTStationAndSpecificMRTStationOnceDelegate {
  let useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce
  let formatter: StationEventFormatter
  let output: StandardOutput
  let alerts: Alerts
  private(set) var arrived: Station?

  init(
    useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, format: OutputFormat, output: StandardOutput,
    alerts: Alerts
  ) {
    self.useCase = useCase
    self.formatter = StationEventFormatter(format: format)
    self.output = output
    self.alerts = alerts
    useCase.delegate = self
  }

  func warn(_ problem: ScanProblem) { StandardOutput.warn("beacon-ride: warning: \(problem)") }
  var isDone: Bool { arrived != nil || output.readerHasGone }
  func finish(statistics: ScanStatistics) { output.flush() }

  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didFind station: Station,
    evidence: StationEvidence, at time: CaptureTime
  ) {
    output.writeLine(formatter.line(.found, station, evidence: evidence, at: time))
    output.flush()
  }

  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didArriveAt station: Station,
    evidence: StationEvidence, at time: CaptureTime
  ) {
    arrived = station
    output.writeLine(formatter.line(.arrived, station, evidence: evidence, at: time))
    output.flush()
    alerts.raise(title: "Arrived: \(station.displayName)", body: "Get off here.", reason: .arrived(at: station))
  }

  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didSuspect station: Station,
    reason: StationSuspicion, at time: CaptureTime
  ) {
    output.writeLine(formatter.line(.suspect, station, rssi: nil, at: time, detail: reason.summary))
  }
}
