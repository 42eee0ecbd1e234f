import Beacons
import BluetoothTypes
import Positioning

/// ``NotifyWhenNearMRTStationOnce`` over its two parts, the delegate of both: the first station
/// either finds. Not `Sendable`: keep it on one actor.
public final class DefaultNotifyWhenNearMRTStationOnce: NotifyWhenNearMRTStationOnce, StationSourceUseCaseDelegate {
  public weak var delegate: (any NotifyWhenNearMRTStationOnceDelegate)?
  private let sources: StationSources
  public var isRunning: Bool { sources.isRunning }

  /// Over the two sources' use cases (either may be `nil`, not both).
  public convenience init(
    bluetooth: (any NotifyWhenNearMRTStationWithBluetooth)?, gps: (any NotifyWhenNearMRTStationWithGPS)?
  ) {
    self.init(sources: StationSources(bluetooth: bluetooth, gps: gps))
  }

  /// Over a beacon finder and, when given, a location finder.
  public convenience init(
    finder: (any BeaconFinder)?, locationFinder: (any LocationFinder)? = nil,
    catalog: StationCatalog, policy: StationPresencePolicy = StationPresencePolicy(),
    rangingConfiguration: BeaconRanging.Configuration = BeaconRanging.Configuration(),
    gpsPolicy: GPSStationPolicy = GPSStationPolicy()
  ) {
    self.init(
      sources: StationSources(
        finder: finder, locationFinder: locationFinder, catalog: catalog, policy: policy,
        rangingConfiguration: rangingConfiguration, gpsPolicy: gpsPolicy))
  }

  init(sources: StationSources) {
    self.sources = sources
    sources.report(to: self)
  }

  public var sourceStarts: SourceStarts { sources.starts }

  public func start() -> StationWatchStartResult {
    guard !isRunning else { return .alreadyStarted }
    return sources.start()
  }

  @discardableResult
  public func stop() -> StationWatchStopResult { sources.stop() }

  /// A part's event: the first station found ends the use case.
  public func stationSource(_ source: any StationSourceUseCase, didReport event: StationSourceEvent) {
    guard isRunning else { return }
    switch event {
    case .found(let station, let evidence, let time):
      // Stop first, so a delegate that starts again from the callback gets `.started`.
      sources.pause()
      delegate?.notifyWhenNearMRTStationOnce(self, didFind: station, evidence: evidence, at: time)
    case .suspect(let station, let reason, let time):
      delegate?.notifyWhenNearMRTStationOnce(self, didSuspect: station, reason: reason, at: time)
    case .left, .locationSourceChanged:
      break
    }
  }
}
