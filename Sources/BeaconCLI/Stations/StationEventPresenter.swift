import BeaconScanning
import BluetoothTypes
import MRTNavigation
import ProgramOutput
import ScanSession

/// `beacon-scan --notify`: the delegate of a ``NotifyWhenNearMRTStationWithBluetooth`` (which the
/// finder feeds); each station found, left or suspect is printed, and a found station is also
/// notified.
final class StationEventPresenter: ScanOutput, StationSourceUseCaseDelegate {
  let useCase: any NotifyWhenNearMRTStationWithBluetooth
  let formatter: StationEventFormatter
  let output: StandardOutput
  let notifications: (any NotificationManager)?

  init(
    useCase: any NotifyWhenNearMRTStationWithBluetooth, format: OutputFormat, names: StationNameColumn,
    output: StandardOutput,
    notifications: (any NotificationManager)?, collector: RunReportCollector? = nil
  ) {
    self.useCase = useCase
    self.formatter = StationEventFormatter(format: format, names: names, collector: collector)
    self.output = output
    self.notifications = notifications
    useCase.delegate = self
  }

  func warn(_ problem: ScanProblem) { StandardError.writeLine("beacon-scan: warning: \(problem)") }
  var isDone: Bool { output.endsRun }
  func finish(statistics: ScanStatistics) { output.flush() }

  func stationSource(_ source: any StationSourceUseCase, didReport event: StationSourceEvent) {
    switch event {
    case .found(let station, let evidence, let time):
      output.writeLine(formatter.line(.found, station, rssi: evidence.rssi, at: time))
      output.flush()
      notifications?.notify(title: station.displayName, body: "The train is at \(station.displayName).")
    case .left(let station, let time):
      output.writeLine(formatter.line(.left, station, rssi: nil, at: time))
    case .suspect(let station, let reason, let time):
      output.writeLine(formatter.line(.suspect, station, rssi: nil, at: time, detail: reason.summary))
    case .locationSourceChanged:
      break  // Bluetooth only
    }
  }
}
