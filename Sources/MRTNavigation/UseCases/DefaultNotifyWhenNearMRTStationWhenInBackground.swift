import Beacons
import BluetoothTypes
import Positioning

/// ``NotifyWhenNearMRTStationWhenInBackground`` over both sources (``StationSources``):
/// Bluetooth first, GPS beside it. A station is told again once another was found since, or
/// ``repeatAfter`` after it was last told (a rider who goes home and comes back the next day).
/// Not `Sendable`: keep it on one actor.
public final class DefaultNotifyWhenNearMRTStationWhenInBackground: NotifyWhenNearMRTStationWhenInBackground,
  StationSourcesReceiver
{
  public weak var delegate: (any NotifyWhenNearMRTStationWhenInBackgroundDelegate)?
  private let sources: StationSources

  /// How long after a station was told it is told again without another in between: 30 min.
  public static let defaultRepeatAfter = Duration.seconds(30 * 60)

  /// Over the two sources' use cases (either may be `nil`, not both).
  public convenience init(
    bluetooth: (any NotifyWhenNearMRTStationWithBluetooth)?, gps: (any NotifyWhenNearMRTStationWithGPS)?,
    repeatAfter: Duration = DefaultNotifyWhenNearMRTStationWhenInBackground.defaultRepeatAfter
  ) {
    self.init(
      sources: StationSources(bluetooth: bluetooth, gps: gps, announcing: .oncePerVisit(repeatAfter: repeatAfter)))
  }

  /// Over a beacon finder and, when given, a location finder.
  public convenience init(
    finder: (any BeaconFinder)?, locationFinder: (any LocationFinder)? = nil,
    catalog: StationCatalog = JakartaRail.network, policy: StationPresencePolicy = StationPresencePolicy(),
    rangingConfiguration: BeaconRanging.Configuration = BeaconRanging.Configuration(),
    gpsPolicy: GPSStationPolicy = GPSStationPolicy(),
    repeatAfter: Duration = DefaultNotifyWhenNearMRTStationWhenInBackground.defaultRepeatAfter
  ) {
    self.init(
      sources: StationSources(
        finder: finder, locationFinder: locationFinder, catalog: catalog, policy: policy,
        rangingConfiguration: rangingConfiguration, gpsPolicy: gpsPolicy,
        announcing: .oncePerVisit(repeatAfter: repeatAfter)))
  }

  init(sources: StationSources) {
    self.sources = sources
    sources.receiver = self
  }

  public var isRunning: Bool { sources.isRunning }
  /// What each source's start answered.
  public var sourceStarts: SourceStarts { sources.starts }

  public func start() -> StationWatchStartResult {
    guard !isRunning else { return .alreadyStarted }
    return sources.start()
  }

  @discardableResult
  public func stop() -> StationWatchStopResult { sources.stop() }

  func sources(_ sources: StationSources, didFind station: Station, evidence: StationEvidence, at time: CaptureTime) {
    delegate?.notifyWhenNearMRTStationWhenInBackground(self, didFind: station, evidence: evidence, at: time)
  }

  func sources(_ sources: StationSources, didSuspect station: Station, reason: StationSuspicion, at time: CaptureTime) {
    delegate?.notifyWhenNearMRTStationWhenInBackground(self, didSuspect: station, reason: reason, at: time)
  }

  func sources(_ sources: StationSources, gpsDidChange condition: LocationSourceCondition) {
    delegate?.notifyWhenNearMRTStationWhenInBackground(self, gpsDidChange: condition)
  }
}
