import Beacons
import Positioning

/// The name reads: near each MRT station (every station found, once a journey) and near the
/// specific MRT station (the destination) once, after which it stops.
///
/// Tells the rider each station they pass and, once, that they have arrived at their destination
/// (with the alarm); then stops itself. Along a planned ``Journey`` (given, or planned from the
/// first station found to the destination) it also tells where to change lines, that the next
/// stop is where to get off or change, and that the train runs the wrong way (see
/// ``JourneyProgress``). Started with the train watch, it also tells, at the departure station,
/// that the journey's train is coming in (``NotifyWhenTrainArrivesAtDepartureStation``'s story,
/// on the same detectors). With a ``timetable``, each station found carries its estimate.
///
/// The ride of ``RideStory/destination(_:journey:)`` over a beacon finder and a location finder
/// (either may be `nil`, not both). Not `Sendable`: keep it on one actor.
public final class NotifyWhenNearMRTStationAndSpecificMRTStationOnce: RideUseCase {
  public let runner: RideRunner
  private let detection: RideDetection
  /// Consulted at each station found, afresh on each start.
  public var timetable: (any RideTimetableMatching)?
  /// Each sighting and fix as an effect too, for the run's report.
  public var samplesForReport = false
  /// The destination of the current (or last) journey.
  public private(set) var arrival: Station?
  /// Whether the train at the departure station could be waited for, at the last start with the
  /// train watch: `.started`, or why not. `nil` without the train watch.
  public private(set) var trainWatchStart: StationWatchStartResult?

  public init(finder: (any BeaconFinder)?, locationFinder: (any LocationFinder)?, detection: RideDetection) {
    runner = RideRunner(finder: finder, locationFinder: locationFinder)
    self.detection = detection
  }

  /// The journey followed, once known: given to ``start(journey:watchingTrain:)``, or planned
  /// from the first station found.
  public var journey: Journey? { runner.state?.journey }

  /// Starts a journey to `arrival`, from a clean slate; `.unknownStation` when the catalog has no
  /// station with its beacon. After it stopped itself at the destination, a start begins a new journey.
  public func start(arrival: Station) -> StationWatchStartResult {
    start(arrival: arrival, journey: nil, watchingTrain: false)
  }

  /// Starts the journey to the station named `name` (as ``StationCatalog/station(named:)`` accepts).
  public func start(arrivalNamed name: String) -> StationWatchStartResult {
    guard let station = detection.catalog.station(named: name) else { return .unknownStation }
    return start(arrival: station)
  }

  /// Starts following `journey`, from a clean slate: its transfers and stops ahead are told; with
  /// `watchingTrain`, its train coming in at the departure station too, when it can be heard
  /// (``trainWatchStart`` says).
  public func start(journey: Journey, watchingTrain: Bool = false) -> StationWatchStartResult {
    start(arrival: journey.destination, journey: journey, watchingTrain: watchingTrain)
  }

  private func start(arrival: Station, journey: Journey?, watchingTrain: Bool) -> StationWatchStartResult {
    guard !runner.isRunning else { return .alreadyStarted }
    guard let known = detection.catalog.station(for: arrival.beacon) else { return .unknownStation }
    var stories = [RideStory.destination(known, journey: journey)]
    trainWatchStart = nil
    if watchingTrain, let journey {
      let watchable = NotifyWhenTrainArrivesAtDepartureStation.trainWatch(
        of: journey, catalog: detection.catalog, hasFinder: runner.finder != nil)
      if watchable == .started { stories.insert(.trainAtDeparture(journey), at: 0) }
      trainWatchStart = watchable
    }
    let started = runner.start(
      stories, detection: detection, timetable: timetable, samplesForReport: samplesForReport)
    if trainWatchStart == .started, let bluetooth = runner.starts.bluetooth, bluetooth != .started {
      trainWatchStart = bluetooth
    }
    if started == .started { self.arrival = known }
    return started
  }
}
