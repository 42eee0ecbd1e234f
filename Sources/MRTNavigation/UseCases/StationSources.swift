import Beacons
import Positioning

/// The two parts a composed use case holds, started, stopped and paused together. Not in the
/// events' path: each part reports to the composed use case, its delegate, directly.
///
/// Both are started when there are both: GPS takes over when Bluetooth cannot start (not
/// authorized, no adapter), when the adapter goes away mid-ride (its finder stops delivering),
/// and for stations whose beacons stay silent.
///
/// A class, not a value: a part may report to the composed use case from inside its own
/// `start()` (gpsd's finder says at once that gpsd is not there), and the use case then reads
/// ``isRunning``; a mutating method of a value held by the use case would still have it under
/// exclusive access, which Swift's exclusivity checking traps.
final class StationSources {
  let bluetooth: (any NotifyWhenNearMRTStationWithBluetooth)?
  let gps: (any NotifyWhenNearMRTStationWithGPS)?
  /// What each part's start answered, for the caller to explain a fallback.
  private(set) var starts = SourceStarts()
  /// Whether the composed use case is under way: from a start that started either part until a
  /// stop or a pause.
  private(set) var isRunning = false

  init(bluetooth: (any NotifyWhenNearMRTStationWithBluetooth)?, gps: (any NotifyWhenNearMRTStationWithGPS)?) {
    self.bluetooth = bluetooth
    self.gps = gps
  }

  /// The default parts over a beacon finder and a location finder (either may be `nil`).
  convenience init(
    finder: (any BeaconFinder)?, locationFinder: (any LocationFinder)?, catalog: StationCatalog,
    policy: StationPresencePolicy, rangingConfiguration: BeaconRanging.Configuration, gpsPolicy: GPSStationPolicy
  ) {
    self.init(
      bluetooth: finder.map {
        DefaultNotifyWhenNearMRTStationWithBluetooth(
          finder: $0, catalog: catalog, policy: policy, rangingConfiguration: rangingConfiguration)
      },
      gps: locationFinder.map {
        DefaultNotifyWhenNearMRTStationWithGPS(finder: $0, catalog: catalog, policy: gpsPolicy)
      })
  }

  /// Makes `delegate` the receiver of both parts' events.
  func report(to delegate: any StationSourceUseCaseDelegate) {
    bluetooth?.delegate = delegate
    gps?.delegate = delegate
  }

  /// Starts Bluetooth, then GPS; `.started` when either started, else Bluetooth's answer (or
  /// GPS's, without Bluetooth).
  func start() -> StationWatchStartResult {
    starts = SourceStarts(bluetooth: bluetooth?.start(), gps: gps?.start())
    isRunning = starts.bluetooth == .started || starts.gps == .started
    if isRunning { return .started }
    return starts.bluetooth ?? starts.gps ?? .finderFailed
  }

  /// Stops both parts and their finders; `.stopped` when the use case was under way.
  @discardableResult
  func stop() -> StationWatchStopResult {
    bluetooth?.stop()
    gps?.stop()
    guard isRunning else { return .notRunning }
    isRunning = false
    return .stopped
  }

  /// The use case is done: both parts stop listening, their finders are left running.
  func pause() {
    isRunning = false
    bluetooth?.pause()
    gps?.pause()
  }
}

/// What each source's `start` answered (`nil`: the use case has no such source).
public struct SourceStarts: Hashable, Sendable {
  public var bluetooth: StationWatchStartResult?
  public var gps: StationWatchStartResult?

  public init(bluetooth: StationWatchStartResult? = nil, gps: StationWatchStartResult? = nil) {
    self.bluetooth = bluetooth
    self.gps = gps
  }
}
