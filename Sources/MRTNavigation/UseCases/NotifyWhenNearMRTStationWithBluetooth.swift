import BluetoothTypes

/// Tells the rider each station they arrive at: once per arrival, none while they stay, again
/// after they have left and come back.
///
/// The domain does no I/O: the sightings, and time passing, come from a ``BeaconFinder``, of
/// which the use case is the delegate; starting the use case starts the finder.
public protocol NotifyWhenNearMRTStationWithBluetooth: AnyObject {
  /// Receives the reports; held weakly by implementations.
  var delegate: (any NotifyWhenNearMRTStationWithBluetoothDelegate)? { get set }
  /// Whether it is watching.
  var isRunning: Bool { get }
  /// Starts watching, from a clean slate.
  func start() -> StationWatchStartResult
  /// Stops watching; later sightings are ignored until the next start.
  @discardableResult
  func stop() -> StationWatchStopResult
}

/// Receives ``NotifyWhenNearMRTStationWithBluetooth``'s reports.
public protocol NotifyWhenNearMRTStationWithBluetoothDelegate: AnyObject {
  /// The rider arrived at `station`.
  func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithBluetooth, didFind station: Station, rssi: Double,
    at time: CaptureTime)
  /// The rider left `station`. Optional: does nothing unless implemented.
  func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithBluetooth, didLeave station: Station, at time: CaptureTime)
  /// `station` was heard strongly but the rider cannot plausibly be there. Optional.
  func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithBluetooth, didSuspect station: Station, reason: StationSuspicion,
    at time: CaptureTime)
}

extension NotifyWhenNearMRTStationWithBluetoothDelegate {
  public func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithBluetooth, didLeave station: Station, at time: CaptureTime
  ) {}

  public func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithBluetooth, didSuspect station: Station, reason: StationSuspicion,
    at time: CaptureTime
  ) {}
}
