import BluetoothTypes

/// Tells the rider the first station they arrive at, then stops itself.
public protocol NotifyWhenNearMRTStationOnce: AnyObject {
  /// Receives the report; held weakly by implementations.
  var delegate: (any NotifyWhenNearMRTStationOnceDelegate)? { get set }
  /// Whether it is watching; `false` again once a station was found.
  var isRunning: Bool { get }
  /// Starts watching, from a clean slate; after it stopped itself, starting again watches for
  /// another first station.
  func start() -> StationWatchStartResult
  /// Stops watching before a station was found.
  @discardableResult
  func stop() -> StationWatchStopResult
}

/// Receives ``NotifyWhenNearMRTStationOnce``'s report.
public protocol NotifyWhenNearMRTStationOnceDelegate: AnyObject {
  /// The rider is at `station`, as `evidence` from one of the sources says; the use case has stopped.
  func notifyWhenNearMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationOnce, didFind station: Station, evidence: StationEvidence,
    at time: CaptureTime)
  /// `station` was heard strongly but the rider cannot plausibly be there; it keeps watching. Optional.
  func notifyWhenNearMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationOnce, didSuspect station: Station, reason: StationSuspicion,
    at time: CaptureTime)
}

extension NotifyWhenNearMRTStationOnceDelegate {
  public func notifyWhenNearMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationOnce, didSuspect station: Station, reason: StationSuspicion,
    at time: CaptureTime
  ) {}
}
