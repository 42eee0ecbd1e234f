import BluetoothTypes
import MRTNavigation
import Positioning

/// The delegate of each composed use case in the tests over doubles: every call as one line
/// (`found Fatmawati by gps`, `arrived BlokM by bluetooth`, `train Bundaran HI 4 at LebakBulus`),
/// in order.
final class ComposedUseCaseRecorder: NotifyWhenNearMRTStationOnceDelegate,
  NotifyWhenNearMRTStationWhenInBackgroundDelegate, NotifyWhenNearMRTStationAndSpecificMRTStationOnceDelegate,
  NotifyWhenTrainArrivesAtDepartureStationDelegate
{
  private(set) var lines: [String] = []
  /// Called after each line is recorded, e.g. to start again from the callback.
  var onLine: (() -> Void)?

  private func record(_ line: String) {
    lines.append(line)
    onLine?()
  }

  private func found(_ kind: String, _ station: Station, _ evidence: StationEvidence) {
    record("\(kind) \(station.name) by \(evidence.source.rawValue)")
  }

  private func gps(_ condition: LocationSourceCondition) {
    record("gps \(condition)")
  }

  // MARK: Once

  func notifyWhenNearMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationOnce, didFind station: Station, evidence: StationEvidence,
    at time: CaptureTime
  ) { found("found", station, evidence) }

  func notifyWhenNearMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationOnce, didSuspect station: Station, reason: StationSuspicion,
    at time: CaptureTime
  ) { record("suspect \(station.name)") }

  // MARK: In the background

  func notifyWhenNearMRTStationWhenInBackground(
    _ useCase: any NotifyWhenNearMRTStationWhenInBackground, didFind station: Station, evidence: StationEvidence,
    at time: CaptureTime
  ) { found("found", station, evidence) }

  func notifyWhenNearMRTStationWhenInBackground(
    _ useCase: any NotifyWhenNearMRTStationWhenInBackground, didSuspect station: Station, reason: StationSuspicion,
    at time: CaptureTime
  ) { record("suspect \(station.name)") }

  func notifyWhenNearMRTStationWhenInBackground(
    _ useCase: any NotifyWhenNearMRTStationWhenInBackground, gpsDidChange condition: LocationSourceCondition
  ) { gps(condition) }

  // MARK: To a destination

  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didFind station: Station,
    evidence: StationEvidence, at time: CaptureTime
  ) { found("found", station, evidence) }

  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didArriveAt station: Station,
    evidence: StationEvidence, at time: CaptureTime
  ) { found("arrived", station, evidence) }

  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didSuspect station: Station,
    reason: StationSuspicion, at time: CaptureTime
  ) { record("suspect \(station.name)") }

  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didReachTransfer transfer: Journey.Transfer,
    next: Journey.Leg?, evidence: StationEvidence, at time: CaptureTime
  ) { record("transfer \(transfer.from.name) to \(transfer.to.name), then \(next?.line.name ?? "on foot")") }

  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, isApproaching station: Station,
    approach: JourneyProgress.Approach, at time: CaptureTime
  ) { record("approaching \(station.name) (\(approach.rawValue))") }

  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didGoWrongWayAt station: Station,
    on leg: Journey.Leg, at time: CaptureTime
  ) { record("wrong way at \(station.name)") }

  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, gpsDidChange condition: LocationSourceCondition
  ) { gps(condition) }

  // MARK: The train at the departure station

  func notifyWhenTrainArrivesAtDepartureStation(
    _ useCase: any NotifyWhenTrainArrivesAtDepartureStation, didArrive train: Train, at station: Station,
    rssi: Double, time: CaptureTime
  ) { record("train \(train.headsign) \(train.trainSet) at \(station.name)") }

  func notifyWhenTrainArrivesAtDepartureStation(
    _ useCase: any NotifyWhenTrainArrivesAtDepartureStation, riderIsAt station: Station, evidence: StationEvidence,
    time: CaptureTime
  ) { found("at", station, evidence) }
}
