import BluetoothTypes
import Positioning

/// The name reads: near each MRT station (every station found, once a journey) and near the
/// specific MRT station (the destination) once, after which it stops.
///
/// Tells the rider each station they pass and, once, that they have arrived at their
/// destination; then stops itself.
///
/// Along a planned ``Journey`` (given, or planned from the first station found to the
/// destination) it also tells where to change lines, that the next stop is where to get off or
/// change, and that the train runs the wrong way (see ``JourneyProgress``).
public protocol NotifyWhenNearMRTStationAndSpecificMRTStationOnce: AnyObject {
  /// Receives the reports; held weakly by implementations.
  var delegate: (any NotifyWhenNearMRTStationAndSpecificMRTStationOnceDelegate)? { get set }
  /// Whether it is watching; `false` again once the destination was reached.
  var isRunning: Bool { get }
  /// The destination of the current (or last) journey.
  var arrival: Station? { get }
  /// The journey followed, once known: given to ``start(journey:)``, or planned from the first
  /// station found.
  var journey: Journey? { get }
  /// Starts watching for a journey to `arrival`, from a clean slate. After it stopped itself at
  /// the destination, starting again begins a new journey (`.started`).
  func start(arrival: Station) -> StationWatchStartResult
  /// Starts watching for `journey`, from a clean slate: its transfers and stops ahead are told.
  func start(journey: Journey) -> StationWatchStartResult
  /// Stops watching before the destination was reached.
  @discardableResult
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
  /// The rider is at `transfer.from`, where the journey changes to `next` (after the walk
  /// `transfer.walk`, if any). Optional.
  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didReachTransfer transfer: Journey.Transfer,
    next: Journey.Leg?, evidence: StationEvidence, at time: CaptureTime)
  /// The train left the station before `station`, where the rider gets off (`approach` says
  /// why). Optional.
  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, isApproaching station: Station,
    approach: JourneyProgress.Approach, at time: CaptureTime)
  /// `station`, just found, lies behind the rider on `leg`: the train runs the wrong way. Told
  /// once a journey. Optional.
  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didGoWrongWayAt station: Station,
    on leg: Journey.Leg, at time: CaptureTime)
  /// The GPS source changed (gpsd gone or back, no receiver, stale). Optional.
  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, gpsDidChange condition: LocationSourceCondition)
}

extension NotifyWhenNearMRTStationAndSpecificMRTStationOnceDelegate {
  public func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didReachTransfer transfer: Journey.Transfer,
    next: Journey.Leg?, evidence: StationEvidence, at time: CaptureTime
  ) {}
  public func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, isApproaching station: Station,
    approach: JourneyProgress.Approach, at time: CaptureTime
  ) {}
  public func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didGoWrongWayAt station: Station,
    on leg: Journey.Leg, at time: CaptureTime
  ) {}
  public func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, gpsDidChange condition: LocationSourceCondition
  ) {}
  public func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didSuspect station: Station,
    reason: StationSuspicion, at time: CaptureTime
  ) {}
}
