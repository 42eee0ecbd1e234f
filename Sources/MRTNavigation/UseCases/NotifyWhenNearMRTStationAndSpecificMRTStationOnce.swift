import BluetoothTypes
import Positioning

/// Tells the rider each station they pass and, once, that they have arrived at their
/// destination; then stops itself.
public protocol NotifyWhenNearMRTStationAndSpecificMRTStationOnce: AnyObject {
  /// Receives the reports; held weakly by implementations.
  var delegate: (any NotifyWhenNearMRTStationAndSpecificMRTStationOnceDelegate)? { get set }
  /// Whether it is watching; `false` again once the destination was reached.
  var isRunning: Bool { get }
  /// The destination of the current (or last) journey.
  var arrival: Station? { get }
  /// Starts watching for a journey to `arrival`, from a clean slate. After it stopped itself at
  /// the destination, starting again begins a new journey (`.started`).
  func start(arrival: Station) -> StationWatchStartResult
  /// Stops watching before the destination was reached.
  func stop() -> StationWatchStopResult
}

/// Receives ``NotifyWhenNearMRTStationAndSpecificMRTStationOnce``'s reports.
public protocol NotifyWhenNearMRTStationAndSpecificMRTStationOnceDelegate: AnyObject {
  /// The train reached `station`, which is not the destination; `evidence` says which source
  /// found it first (each station is told once a journey).
  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didFind station: Station,
    evidence: StationEvidence, at time: CaptureTime)
  /// The rider has arrived at the destination (`evidence`: what decided it); the use case has
  /// stopped.
  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didArriveAt station: Station,
    evidence: StationEvidence, at time: CaptureTime)
  /// `station` was heard strongly but the rider cannot plausibly be there. Optional.
  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didSuspect station: Station,
    reason: StationSuspicion, at time: CaptureTime)
  /// The GPS source changed (gpsd gone or back, no receiver, stale). Optional.
  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, gpsDidChange condition: LocationSourceCondition)
}

extension NotifyWhenNearMRTStationAndSpecificMRTStationOnceDelegate {
  public func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, gpsDidChange condition: LocationSourceCondition
  ) {}
  public func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didSuspect station: Station,
    reason: StationSuspicion, at time: CaptureTime
  ) {}
}
