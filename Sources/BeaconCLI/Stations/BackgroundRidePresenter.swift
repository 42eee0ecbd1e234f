import BeaconScanning
import BluetoothTypes
import MRTNavigation
import ProgramOutput
import ScanSession

/// `beacon-ride` without a destination: the delegate of ``NotifyWhenNearMRTStationWhenInBackground``.
/// A line, a desktop notification and the alarm each time the rider is near a station; it runs
/// until stopped (or the source ends), so it is never done by itself.
final class BackgroundRidePresenter: ScanOutput, NotifyWhenNearMRTStationWhenInBackgroundDelegate {
  let useCase: any NotifyWhenNearMRTStationWhenInBackground
  let formatter: StationEventFormatter
  let output: StandardOutput
  let alerts: Alerts
  /// Stations told so far.
  private(set) var found = 0

  init(
    useCase: any NotifyWhenNearMRTStationWhenInBackground, format: OutputFormat, names: StationNameColumn,
    output: StandardOutput,
    alerts: Alerts, collector: RunReportCollector? = nil
  ) {
    self.useCase = useCase
    self.formatter = StationEventFormatter(format: format, names: names, collector: collector)
    self.output = output
    self.alerts = alerts
    useCase.delegate = self
  }

  func warn(_ problem: ScanProblem) { StandardError.writeLine("beacon-ride: warning: \(problem)") }
  var isDone: Bool { output.endsRun }
  func finish(statistics: ScanStatistics) { output.flush() }

  func notifyWhenNearMRTStationWhenInBackground(
    _ useCase: any NotifyWhenNearMRTStationWhenInBackground, didFind station: Station, evidence: StationEvidence,
    at time: CaptureTime
  ) {
    found += 1
    output.writeLine(formatter.line(.found, station, evidence: evidence, at: time))
    output.flush()
    alerts.raise(
      title: "Near \(station.displayName)", body: "MRT station \(station.displayName).", reason: .near(station))
  }

  func notifyWhenNearMRTStationWhenInBackground(
    _ useCase: any NotifyWhenNearMRTStationWhenInBackground, didSuspect station: Station, reason: StationSuspicion,
    at time: CaptureTime
  ) {
    output.writeLine(formatter.line(.suspect, station, rssi: nil, at: time, detail: reason.summary))
  }
}
