import Positioning

/// Tells the rider each station the train stands at, from GPS fixes: once per arrival, none while
/// they stay, again after they have gone away and come back. The GPS half of the product
/// design's pair (``NotifyWhenNearMRTStationWithBluetooth`` is the other), on its own.
///
/// The ride of ``RideStory/stationEvents`` over a ``LocationFinder``; what decides an arrival is
/// ``GPSStationDetector``: stopped, at a platform, on believable fixes; never underground. Not
/// `Sendable`: keep it on one actor.
public final class NotifyWhenNearMRTStationWithGPS: RideUseCase {
  public let runner: RideRunner
  private let detection: RideDetection

  public init(finder: any LocationFinder, detection: RideDetection) {
    runner = RideRunner(finder: nil, locationFinder: finder)
    self.detection = detection
  }

  /// Starts the finder, then watching from a clean slate; ``StationWatchStartResult/locationUnavailable``
  /// when there is no location source.
  public func start() -> StationWatchStartResult {
    runner.start([.stationEvents], detection: detection)
  }
}
