import Beacons
import BluetoothTypes
import Positioning

/// ``NotifyWhenNearMRTStationOnce`` over both sources (``StationSources``): the first station
/// either finds. Not `Sendable`: keep it on one actor.
public final class DefaultNotifyWhenNearMRTStationOnce: NotifyWhenNearMRTStationOnce, StationSourcesReceiver {
  public weak var delegate: (any NotifyWhenNearMRTStationOnceDelegate)?
  private let sources: StationSources

  /// Over the two sources' use cases (either may be `nil`, not both).
  public convenience init(
    bluetooth: (any NotifyWhenNearMRTStationWithBluetooth)?, gps: (any NotifyWhenNearMRTStationWithGPS)?
  ) {
    self.init(sources: StationSources(bluetooth: bluetooth, gps: gps))
  }

  /// Over a beacon finder and, when given, a location finder.
  public convenience init(
    finder: (any BeaconFinder)?, locationFinder: (any LocationFinder)? = nil,
    catalog: StationCatalog = JakartaRail.network, policy: StationPresencePolicy = StationPresencePolicy(),
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
    sources.receiver = self
  }

  public var isRunning: Bool { sources.isRunning }
  public var sourceStarts: SourceStarts { sources.starts }

  public func start() -> StationWatchStartResult {
    guard !isRunning else { return .alreadyStarted }
    return sources.start()
  }

  @discardableResult
  public func stop() -> StationWatchStopResult { sources.stop() }

  func sources(_ sources: StationSources, didFind station: Station, evidence: StationEvidence, at time: CaptureTime) {
    guard isRunning else { return }
    // Stop first, so a delegate that starts again from the callback gets `.started`.
    sources.pause()
    delegate?.notifyWhenNearMRTStationOnce(self, didFind: station, evidence: evidence, at: time)
  }

  func sources(_ sources: StationSources, didSuspect station: Station, reason: StationSuspicion, at time: CaptureTime) {
    guard isRunning else { return }
    delegate?.notifyWhenNearMRTStationOnce(self, didSuspect: station, reason: reason, at: time)
  }

  func sources(_ sources: StationSources, gpsDidChange condition: LocationSourceCondition) {}
}
