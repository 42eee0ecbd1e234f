import Beacons
import Positioning

/// Tells the rider each time they are near a station, while nothing else is running: the product
/// design's second user story. Bluetooth first, GPS beside it, the first to find a station wins;
/// each station once a visit (again once another was found since, or ``RideStory/defaultRepeatAfter``
/// after it was last told), with the alarm. It runs until stopped.
///
/// The ride of ``RideStory/background(repeatAfter:)`` over a beacon finder and a location finder
/// (either may be `nil`, not both). Not `Sendable`: keep it on one actor.
public final class NotifyWhenNearMRTStationWhenInBackground: RideUseCase {
  public let runner: RideRunner
  private let detection: RideDetection
  private let repeatAfter: Duration

  public init(
    finder: (any BeaconFinder)?, locationFinder: (any LocationFinder)?, detection: RideDetection,
    repeatAfter: Duration = RideStory.defaultRepeatAfter
  ) {
    runner = RideRunner(finder: finder, locationFinder: locationFinder)
    self.detection = detection
    self.repeatAfter = repeatAfter
  }

  /// Each sighting and fix as an effect too, for the run's report.
  public var samplesForReport = false

  /// Starts the finders, then watching from a clean slate.
  public func start() -> StationWatchStartResult {
    runner.start([.background(repeatAfter: repeatAfter)], detection: detection, samplesForReport: samplesForReport)
  }
}
