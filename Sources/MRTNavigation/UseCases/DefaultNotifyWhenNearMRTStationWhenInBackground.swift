import Beacons
import BluetoothTypes
import Positioning

/// ``NotifyWhenNearMRTStationWhenInBackground`` over its two parts, the delegate of both:
/// Bluetooth first, GPS beside it, the first to find a station wins (``StationMerge``). A station is told again once another was found since, or
/// ``repeatAfter`` after it was last told (a rider who goes home and comes back the next day).
/// Not `Sendable`: keep it on one actor.
public final class DefaultNotifyWhenNearMRTStationWhenInBackground: NotifyWhenNearMRTStationWhenInBackground,
  StationSourceUseCaseDelegate
{
  public weak var delegate: (any NotifyWhenNearMRTStationWhenInBackgroundDelegate)?
  private let sources: StationSources
  private let repeatAfter: Duration
  private var merge: StationMerge
  public var isRunning: Bool { sources.isRunning }

  /// How long after a station was told it is told again without another in between: 30 min.
  public static let defaultRepeatAfter = Duration.seconds(30 * 60)

  /// Over the two sources' use cases (either may be `nil`, not both).
  public convenience init(
    bluetooth: (any NotifyWhenNearMRTStationWithBluetooth)?, gps: (any NotifyWhenNearMRTStationWithGPS)?,
    repeatAfter: Duration = DefaultNotifyWhenNearMRTStationWhenInBackground.defaultRepeatAfter
  ) {
    self.init(sources: StationSources(bluetooth: bluetooth, gps: gps), repeatAfter: repeatAfter)
  }

  /// Over a beacon finder and, when given, a location finder.
  public convenience init(
    finder: (any BeaconFinder)?, locationFinder: (any LocationFinder)? = nil,
    catalog: StationCatalog, policy: StationPresencePolicy = StationPresencePolicy(),
    rangingConfiguration: BeaconRanging.Configuration = BeaconRanging.Configuration(),
    gpsPolicy: GPSStationPolicy = GPSStationPolicy(),
    repeatAfter: Duration = DefaultNotifyWhenNearMRTStationWhenInBackground.defaultRepeatAfter
  ) {
    self.init(
      sources: StationSources(
        finder: finder, locationFinder: locationFinder, catalog: catalog, policy: policy,
        rangingConfiguration: rangingConfiguration, gpsPolicy: gpsPolicy),
      repeatAfter: repeatAfter)
  }

  init(sources: StationSources, repeatAfter: Duration) {
    self.sources = sources
    self.repeatAfter = repeatAfter
    merge = StationMerge(announcing: .oncePerVisit(repeatAfter: repeatAfter))
    sources.report(to: self)
  }

  /// What each source's start answered.
  public var sourceStarts: SourceStarts { sources.starts }

  public func start() -> StationWatchStartResult {
    guard !isRunning else { return .alreadyStarted }
    let result = sources.start()
    if result == .started { merge = StationMerge(announcing: .oncePerVisit(repeatAfter: repeatAfter)) }
    return result
  }

  @discardableResult
  public func stop() -> StationWatchStopResult { sources.stop() }

  /// A part's event: each station the merge passes on, to the delegate.
  public func stationSource(_ source: any StationSourceUseCase, didReport event: StationSourceEvent) {
    guard isRunning, let event = merge.admit(event) else { return }
    switch event {
    case .found(let station, let evidence, let time):
      delegate?.notifyWhenNearMRTStationWhenInBackground(self, didFind: station, evidence: evidence, at: time)
    case .suspect(let station, let reason, let time):
      delegate?.notifyWhenNearMRTStationWhenInBackground(self, didSuspect: station, reason: reason, at: time)
    case .locationSourceChanged(let condition):
      delegate?.notifyWhenNearMRTStationWhenInBackground(self, gpsDidChange: condition)
    case .left:
      break
    }
  }
}
