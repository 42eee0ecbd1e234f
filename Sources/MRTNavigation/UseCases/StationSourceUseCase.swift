import BluetoothTypes

/// One of the two parts every rider-facing use case is composed of, as the product design has
/// it: ``NotifyWhenNearMRTStationWithBluetooth`` and ``NotifyWhenNearMRTStationWithGPS``.
///
/// A source reports each ``StationSourceEvent`` straight to its delegate, the composed use case,
/// which decides what the rider is told; so a composed use case can be built, and tested, over
/// any implementation of the two parts.
public protocol StationSourceUseCase: AnyObject {
  /// Receives the events; held weakly by implementations.
  var delegate: (any StationSourceUseCaseDelegate)? { get set }
  /// Whether it is watching.
  var isRunning: Bool { get }
  /// Starts watching, from a clean slate; starting it starts its finder.
  func start() -> StationWatchStartResult
  /// Stops watching and its finder; later sightings or fixes are ignored until the next start.
  @discardableResult
  func stop() -> StationWatchStopResult
  /// Stops watching but leaves its finder running: the composed use case is done (arrived,
  /// found), and the finder stays with the caller that runs it, for whatever else listens.
  func pause()
}

/// Receives a ``StationSourceUseCase``'s events: the composed use case.
public protocol StationSourceUseCaseDelegate: AnyObject {
  /// `source` found, left or suspects a station, or its location source changed.
  func stationSource(_ source: any StationSourceUseCase, didReport event: StationSourceEvent)
}
