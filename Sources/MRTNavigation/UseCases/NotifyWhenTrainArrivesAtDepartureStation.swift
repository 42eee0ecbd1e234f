import Beacons
import Positioning

/// Tells a rider waiting at the departure station of a journey that their train is coming in:
/// once, when they are at the station (its station beacon found, or GPS) and a train of the
/// journey's first line, running the journey's way, arrives (its beacon heard steadily, not a
/// passing glimpse); with the alarm; then it stops itself.
///
/// The ride of ``RideStory/trainAtDeparture(_:)`` over a beacon finder (station and train beacons
/// alike) and a location finder (either may be `nil`, not both). Not `Sendable`: keep it on one actor.
public final class NotifyWhenTrainArrivesAtDepartureStation: RideUseCase {
  public let runner: RideRunner
  private let detection: RideDetection
  /// The journey of the current (or last) watch.
  public private(set) var journey: Journey?

  public init(finder: (any BeaconFinder)?, locationFinder: (any LocationFinder)? = nil, detection: RideDetection) {
    runner = RideRunner(finder: finder, locationFinder: locationFinder)
    self.detection = detection
  }

  /// Starts watching for `journey`'s first train, from a clean slate.
  /// ``StationWatchStartResult/noTrainBeacons`` when the catalog numbers no beacons for the trains
  /// of its first line (or the journey is only a walk); ``StationWatchStartResult/bluetoothUnavailable``
  /// without a beacon finder.
  public func start(journey: Journey) -> StationWatchStartResult {
    guard !runner.isRunning else { return .alreadyStarted }
    let watchable = Self.trainWatch(of: journey, catalog: detection.catalog, hasFinder: runner.finder != nil)
    guard watchable == .started else { return watchable }
    let started = runner.start([.trainAtDeparture(journey)], detection: detection)
    // No train is heard without Bluetooth, whatever GPS says.
    if let bluetooth = runner.starts.bluetooth, bluetooth != .started {
      runner.stop()
      return bluetooth
    }
    if started == .started { self.journey = journey }
    return started
  }

  /// Whether `journey`'s train can be waited for: `.started` when its first line's trains carry
  /// beacons the catalog numbers and there is a beacon finder to hear them; else why not.
  static func trainWatch(of journey: Journey, catalog: StationCatalog, hasFinder: Bool) -> StationWatchStartResult {
    guard let leg = journey.legs.first, catalog.trainBeacon(of: leg.line, leg.direction, trainSet: 1) != nil else {
      return .noTrainBeacons
    }
    return hasFinder ? .started : .bluetoothUnavailable
  }
}
