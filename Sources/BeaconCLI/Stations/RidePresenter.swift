import BeaconScanning
import BluetoothTypes
import MRTNavigation
import ProgramOutput
import ScanSession

/// `beacon-ride`: the delegate of ``NotifyWhenNearMRTStationAndSpecificMRTStationOnce`` (which
/// the finder feeds); a line per station found; at a transfer a line, a notification and the
/// alarm; for the stop ahead of a transfer or the destination a line and a notification; then
/// on arrival a line, a notification and the alarm, and the ride is done.
final class RidePresenter: ScanOutput, NotifyWhenNearMRTStationAndSpecificMRTStationOnceDelegate,
  NotifyWhenTrainArrivesAtDepartureStationDelegate
{
  let useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce
  let formatter: StationEventFormatter
  let output: StandardOutput
  let alerts: Alerts
  /// With a timetable (`--gtfs`): `eta`, `delay` and `nextDeparture` on each station found.
  var timetable: RideTimetableFields?
  private(set) var arrived: Station?

  init(
    useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, format: OutputFormat, names: StationNameColumn,
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
  var isDone: Bool { arrived != nil || output.endsRun }
  func finish(statistics: ScanStatistics) { output.flush() }

  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didFind station: Station,
    evidence: StationEvidence, at time: CaptureTime
  ) {
    if let times = timetable?.found(station, at: time) {
      output.writeLine(
        formatter.line(.found, station, evidence: evidence, at: time, detail: times.detail, fields: times.fields))
    } else {
      output.writeLine(formatter.line(.found, station, evidence: evidence, at: time))
    }
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
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didReachTransfer transfer: Journey.Transfer,
    next: Journey.Leg?, evidence: StationEvidence, at time: CaptureTime
  ) {
    output.writeLine(formatter.transfer(transfer, next: next, evidence: evidence, at: time))
    output.flush()
    alerts.raise(
      title: "Change at \(transfer.from.displayName)",
      body: StationEventFormatter.changeInstruction(transfer, next: next).capitalizingFirstLetter,
      reason: .transfer(at: transfer.from))
  }

  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, isApproaching station: Station,
    approach: JourneyProgress.Approach, at time: CaptureTime
  ) {
    output.writeLine(formatter.approaching(station, approach: approach, at: time))
    output.flush()
    alerts.notify(
      title: "Next stop: \(station.displayName)",
      body: approach == .destination ? "Get ready to get off." : "Get ready to change.")
  }

  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didGoWrongWayAt station: Station,
    on leg: Journey.Leg, at time: CaptureTime
  ) {
    output.writeLine(formatter.wrongDirection(station, leg: leg, at: time))
    output.flush()
    alerts.notify(
      title: "Wrong way: \(station.displayName)",
      body: "Take the \(leg.line.displayName) towards \(leg.headsign).")
  }

  func notifyWhenTrainArrivesAtDepartureStation(
    _ useCase: any NotifyWhenTrainArrivesAtDepartureStation, didArrive train: Train, at station: Station,
    rssi: Double, time: CaptureTime
  ) {
    output.writeLine(formatter.train(train, at: station, rssi: rssi, time: time))
    output.flush()
    alerts.raise(
      title: "Your train: \(train.line.displayName) towards \(train.headsign)",
      body: "It is coming in at \(station.displayName). Board it.", reason: .trainArriving(at: station))
  }

  func notifyWhenTrainArrivesAtDepartureStation(
    _ useCase: any NotifyWhenTrainArrivesAtDepartureStation, riderIsAt station: Station, evidence: StationEvidence,
    time: CaptureTime
  ) {
    StandardError.writeLine("beacon-ride: at \(station.displayName); waiting for the train", priority: .info)
  }

  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didSuspect station: Station,
    reason: StationSuspicion, at time: CaptureTime
  ) {
    output.writeLine(formatter.line(.suspect, station, rssi: nil, at: time, detail: reason.summary))
  }
}

extension String {
  /// The string with its first letter upper case, for a sentence.
  fileprivate var capitalizingFirstLetter: String { prefix(1).uppercased() + dropFirst() }
}
