import BluetoothTypes
import Positioning

/// ``NotifyWhenNearMRTStationWithGPS`` over a ``GPSStationDetector``. Not `Sendable`: keep it on
/// one actor.
public final class DefaultNotifyWhenNearMRTStationWithGPS: NotifyWhenNearMRTStationWithGPS, LocationFinderDelegate {
  public weak var delegate: (any StationSourceUseCaseDelegate)?
  public let finder: any LocationFinder
  public let catalog: StationCatalog
  public let policy: GPSStationPolicy
  public private(set) var isRunning = false
  /// The detector of the current run; its counters say how many fixes were not believed.
  public private(set) var detector: GPSStationDetector

  public init(
    finder: any LocationFinder, catalog: StationCatalog,
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

  public func pause() { isRunning = false }

  public func locationFinder(_ finder: any LocationFinder, didReceive fix: LocationFix) {
    guard isRunning else { return }
    for event in detector.ingest(fix) {
      // The delegate may stop the use case from a callback: later events are then dropped.
      guard isRunning else { return }
      delegate?.stationSource(self, didReport: StationSourceEvent(event))
    }
  }

  public func locationFinder(_ finder: any LocationFinder, didChange condition: LocationSourceCondition) {
    guard isRunning else { return }
    delegate?.stationSource(self, didReport: .locationSourceChanged(condition))
  }
}
