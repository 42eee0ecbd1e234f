import Beacons
import BluetoothTypes
import Positioning

/// Runs one ride: starts and stops its finders, feeds what they deliver to the ride's
/// ``RideState``, and hands the effects to its ``handler``. The one place that knows whether a
/// ride is under way: a use case (``NotifyWhenNearMRTStationAndSpecificMRTStationOnce`` and the
/// others) is a ride of its stories over a runner.
///
/// Both finders are started when there are both: GPS takes over when Bluetooth cannot start (not
/// authorized, no adapter), when the adapter goes away mid-ride (its finder stops delivering),
/// and for stations whose beacons stay silent. A ride that is over (arrived, its train told)
/// leaves its finders running, for the caller that runs them. Not `Sendable`: keep it on one actor.
public final class RideRunner: BeaconFinderDelegate, LocationFinderDelegate {
  /// Receives the effects; held weakly.
  public weak var handler: (any RideEffectHandler)?
  /// Where the sightings come from; `nil` without Bluetooth.
  public let finder: (any BeaconFinder)?
  /// Where the fixes come from; `nil` without GPS.
  public let locationFinder: (any LocationFinder)?
  /// The ride under way, or the last one (over, or stopped); `nil` before the first start.
  public private(set) var state: RideState?
  /// Whether a ride is under way.
  public private(set) var isRunning = false
  /// What each finder's start answered at the last start, so that the caller can say which one is used.
  public private(set) var starts = SourceStarts()
  /// Counts starts and stops, so that effects of a ride stopped from one of them are dropped.
  private var generation = 0
  /// The finders this ride started and has not left to the caller.
  private var running: (bluetooth: Bool, gps: Bool) = (false, false)
  /// This receiver's offset set while running (``setRSSIOffset(_:)``), over the detection's;
  /// kept for the rides started later.
  private var rssiOffset: Double?

  /// Ranges with this receiver's `offset` from now on, in this ride and the ones started later
  /// (``RideState/setRSSIOffset(_:)``): a fleet node's offset set remotely.
  public func setRSSIOffset(_ offset: Double) {
    rssiOffset = offset
    state?.setRSSIOffset(offset)
  }

  public init(finder: (any BeaconFinder)?, locationFinder: (any LocationFinder)?) {
    self.finder = finder
    self.locationFinder = locationFinder
  }

  /// Starts Bluetooth, then GPS, then a ride telling `stories` over the sources that started
  /// (``RideState/init(stories:detection:bluetooth:gps:timetable:samplesForReport:)``);
  /// `.started` when either started, else Bluetooth's answer (or GPS's, without Bluetooth). What
  /// a finder reports while it starts comes before the ride and is not told.
  public func start(
    _ stories: [RideStory], detection: RideDetection, timetable: (any RideTimetableMatching)? = nil,
    samplesForReport: Bool = false
  ) -> StationWatchStartResult {
    guard !isRunning else { return .alreadyStarted }
    let bluetooth = finder.map { finder in
      finder.delegate = self
      return StationWatchStartResult(finderStart: finder.start())
    }
    let gps = locationFinder.map { finder -> StationWatchStartResult in
      finder.delegate = self
      switch finder.start() {
      case .started, .alreadyStarted: return .started
      case .unavailable: return .locationUnavailable
      }
    }
    starts = SourceStarts(bluetooth: bluetooth, gps: gps)
    running = (bluetooth == .started, gps == .started)
    guard running.bluetooth || running.gps else { return bluetooth ?? gps ?? .finderFailed }
    generation += 1
    state = RideState(
      stories: stories, detection: detection, bluetooth: running.bluetooth, gps: running.gps, timetable: timetable,
      samplesForReport: samplesForReport)
    if let rssiOffset { state?.setRSSIOffset(rssiOffset) }
    isRunning = true
    return .started
  }

  /// Stops the ride and the finders it started; `.stopped` when a ride was under way.
  @discardableResult
  public func stop() -> StationWatchStopResult {
    if running.bluetooth { finder?.stop() }
    if running.gps { locationFinder?.stop() }
    running = (false, false)
    guard isRunning else { return .notRunning }
    isRunning = false
    generation += 1
    return .stopped
  }

  public func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    advance(.sighting(sighting))
  }

  public func beaconFinder(_ finder: any BeaconFinder, didReach time: Timestamp) {
    advance(.tick(time))
  }

  public func locationFinder(_ finder: any LocationFinder, didReceive fix: LocationFix) {
    advance(.fix(fix))
  }

  public func locationFinder(_ finder: any LocationFinder, didChange condition: LocationSourceCondition) {
    advance(.locationSourceChanged(condition))
  }

  /// One step of the ride, its effects to the handler. A ride that is over is let go first (its
  /// finders left running), so that a handler that starts a new one from its arrival gets
  /// `.started`; the rest of that last step is still the rider's (the arrival's alarm). A ride
  /// still under way that the handler stops or starts again drops the rest of the step.
  private func advance(_ input: RideInput) {
    guard isRunning, let effects = state?.step(input), !effects.isEmpty else { return }
    let isOver = state?.isFinished == true
    if isOver {
      isRunning = false
      running = (false, false)
    }
    let generation = self.generation
    for effect in effects {
      guard isOver || generation == self.generation else { return }
      handler?.handle(effect)
    }
  }
}

/// What each source's `start` answered (`nil`: the ride has no such source).
public struct SourceStarts: Hashable, Sendable {
  public var bluetooth: StationWatchStartResult?
  public var gps: StationWatchStartResult?

  public init(bluetooth: StationWatchStartResult? = nil, gps: StationWatchStartResult? = nil) {
    self.bluetooth = bluetooth
    self.gps = gps
  }
}
