import BluetoothTypes
import Positioning

/// Tells the rider each time they are near a station, while nothing else is running: the
/// product design's second user story. It runs until stopped; each station is told once a
/// visit (again once another station was found since, or after a while).
public protocol NotifyWhenNearMRTStationWhenInBackground: AnyObject {
  /// Receives the reports; held weakly by implementations.
  var delegate: (any NotifyWhenNearMRTStationWhenInBackgroundDelegate)? { get set }
  /// Whether it is watching.
  var isRunning: Bool { get }
  /// Starts watching, from a clean slate.
  func start() -> StationWatchStartResult
  /// Stops watching, and the sources' finders.
  @discardableResult
  func stop() -> StationWatchStopResult
}

/// Receives ``NotifyWhenNearMRTStationWhenInBackground``'s reports.
public protocol NotifyWhenNearMRTStationWhenInBackgroundDelegate: AnyObject {
  /// The rider is near `station`, as `evidence` from one of the sources says.
  func notifyWhenNearMRTStationWhenInBackground(
    _ useCase: any NotifyWhenNearMRTStationWhenInBackground, didFind station: Station, evidence: StationEvidence,
    at time: CaptureTime)
  /// `station` was heard strongly but the rider cannot plausibly be there. Optional.
  func notifyWhenNearMRTStationWhenInBackground(
    _ useCase: any NotifyWhenNearMRTStationWhenInBackground, didSuspect station: Station, reason: StationSuspicion,
    at time: CaptureTime)
  /// The GPS source changed (gpsd gone or back, no receiver, stale). Optional.
  func notifyWhenNearMRTStationWhenInBackground(
    _ useCase: any NotifyWhenNearMRTStationWhenInBackground, gpsDidChange condition: LocationSourceCondition)
}

extension NotifyWhenNearMRTStationWhenInBackgroundDelegate {
  public func notifyWhenNearMRTStationWhenInBackground(
    _ useCase: any NotifyWhenNearMRTStationWhenInBackground, didSuspect station: Station, reason: StationSuspicion,
    at time: CaptureTime
  ) {}
  public func notifyWhenNearMRTStationWhenInBackground(
    _ useCase: any NotifyWhenNearMRTStationWhenInBackground, gpsDidChange condition: LocationSourceCondition
  ) {}
}
