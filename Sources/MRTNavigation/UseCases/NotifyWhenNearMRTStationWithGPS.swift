import BluetoothTypes
import Positioning

/// Tells the rider each station whose platform their train stands at, from GPS: once per
/// arrival, none while they stay, again after they have gone away and come back.
///
/// The GPS half of the product design's pair (``NotifyWhenNearMRTStationWithBluetooth`` is the
/// other). The domain does no I/O: fixes come from a ``LocationFinder``, of which the use case
/// is the delegate; starting the use case starts the finder. What decides an arrival is
/// ``GPSStationDetector``: stopped, at a platform, on believable fixes; never underground.
public protocol NotifyWhenNearMRTStationWithGPS: AnyObject {
  /// Receives the reports; held weakly by implementations.
  var delegate: (any NotifyWhenNearMRTStationWithGPSDelegate)? { get set }
  /// Whether it is watching.
  var isRunning: Bool { get }
  /// Starts watching, from a clean slate.
  func start() -> StationWatchStartResult
  /// Stops watching; later fixes are ignored until the next start.
  @discardableResult
  func stop() -> StationWatchStopResult
}

/// Receives ``NotifyWhenNearMRTStationWithGPS``'s reports.
public protocol NotifyWhenNearMRTStationWithGPSDelegate: AnyObject {
  /// The train stands at `station`'s platform; `fix` made it certain (its time is the receiver's).
  func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithGPS, didFind station: Station, fix: LocationFix)
  /// The rider went away from `station`. Optional: does nothing unless implemented.
  func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithGPS, didLeave station: Station, at time: CaptureTime)
  /// The location source changed: gone, back, no receiver, stale. Optional.
  func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithGPS, didChange condition: LocationSourceCondition)
}

extension NotifyWhenNearMRTStationWithGPSDelegate {
  public func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithGPS, didLeave station: Station, at time: CaptureTime
  ) {}
  public func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithGPS, didChange condition: LocationSourceCondition
  ) {}
}

/// ``NotifyWhenNearMRTStationWithGPS`` over a ``GPSStationDetector``. Not `Sendable`: keep it on
/// one actor.
public final class DefaultNotifyWhenNearMRTStationWithGPS: NotifyWhenNearMRTStationWithGPS, LocationFinderDelegate,
  PausableStationSource
{
  public weak var delegate: (any NotifyWhenNearMRTStationWithGPSDelegate)?
  public let finder: any LocationFinder
  public let catalog: StationCatalog
  public let policy: GPSStationPolicy
  public private(set) var isRunning = false
  /// The detector of the current run; its counters say how many fixes were not believed.
  public private(set) var detector: GPSStationDetector

  public init(
    finder: any LocationFinder, catalog: StationCatalog = JakartaRail.network,
    policy: GPSStationPolicy = GPSStationPolicy()
  ) {
    self.finder = finder
    self.catalog = catalog
    self.policy = policy
    detector = GPSStationDetector(catalog: catalog, policy: policy)
  }

  public func start() -> StationWatchStartResult {
    guard !isRunning else { return .alreadyStarted }
    finder.delegate = self
    detector = GPSStationDetector(catalog: catalog, policy: policy)
    isRunning = true
    switch finder.start() {
    case .started, .alreadyStarted:
      return .started
    case .unavailable:
      isRunning = false
      return .locationUnavailable
    }
  }

  @discardableResult
  public func stop() -> StationWatchStopResult {
    guard isRunning else { return .notRunning }
    isRunning = false
    finder.stop()
    return .stopped
  }

  /// Stops listening, leaving the finder running (for ``StationSources``).
  func pause() { isRunning = false }

  public func locationFinder(_ finder: any LocationFinder, didReceive fix: LocationFix) {
    guard isRunning else { return }
    for event in detector.ingest(fix) {
      // The delegate may stop the use case from a callback: later events are then dropped.
      guard isRunning else { return }
      switch event {
      case .found(let station, let fix): delegate?.notifyWhenNearMRTStation(self, didFind: station, fix: fix)
      case .left(let station, let time): delegate?.notifyWhenNearMRTStation(self, didLeave: station, at: time)
      }
    }
  }

  public func locationFinder(_ finder: any LocationFinder, didChange condition: LocationSourceCondition) {
    guard isRunning else { return }
    delegate?.notifyWhenNearMRTStation(self, didChange: condition)
  }
}
