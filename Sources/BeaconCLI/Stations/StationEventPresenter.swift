import BeaconScanning
import BluetoothTypes
import MRTNavigation

/// `beacon-scan --notify`: the delegate of ``NotifyWhenNearMRTStationWithBluetooth`` (which the
/// finder feeds); each station found, left or suspect is printed, and a found station is also
/// notified.
final class StationEventPresenter: ScanOutput, NotifyWhenNearMRTStationWithBluetoothDelegate {
  let useCase: any NotifyWhenNearMRTStationWithBluetooth
  let formatter: StationEventFormatter
  let output: StandardOutput
  let notifications: (any NotificationManager)?

  init(
    useCase: any NotifyWhenNearMRTStationWithBluetooth, format: OutputFormat, names: StationNameColumn,
    output: StandardOutput,
    notifications: (any NotificationManager)?, recorder: RideRecorder? = nil
  ) {
    self.useCase = useCase
    self.formatter = StationEventFormatter(format: format, names: names, recorder: recorder)
    self.output = output
    self.notifications = notifications
    useCase.delegate = self
  }

  func warn(_ problem: ScanProblem) { StandardError.writeLine("beacon-scan: warning: \(problem)") }
  var isDone: Bool { output.endsRun }
  func finish(statistics: ScanStatistics) { output.flush() }

  func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithBluetooth, didFind station: Station, rssi: Double, at time: CaptureTime
  ) {
    output.writeLine(formatter.line(.found, station, rssi: rssi, at: time))
    output.flush()
    notifications?.notify(title: station.displayName, body: "The train is at \(station.displayName).")
  }

  func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithBluetooth, didLeave station: Station, at time: CaptureTime
  ) {
    output.writeLine(formatter.line(.left, station, rssi: nil, at: time))
  }

  func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithBluetooth, didSuspect station: Station, reason: StationSuspicion,
    at time: CaptureTime
  ) {
    output.writeLine(formatter.line(.suspect, station, rssi: nil, at: time, detail: reason.summary))
  }
}
