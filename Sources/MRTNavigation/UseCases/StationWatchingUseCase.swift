import Beacons
import BluetoothTypes

/// What the three station use cases share: a ``BeaconFinder`` whose delegate they are, a
/// ``StationWatch``, and the default-valued initializer. Each use case subclasses it and says,
/// in ``report(_:)``, which station events reach its delegate. Not `Sendable`: keep it on one actor.
///
/// Starting a use case starts its finder, and the finder's answer decides the use case's:
/// no permission is ``StationWatchStartResult/notAuthorized``, no adapter
/// ``StationWatchStartResult/bluetoothUnavailable``. Stopping it stops the finder. A use case
/// that stops itself when done (arrived, found) leaves the finder to its caller.
public class StationWatchingUseCase: BeaconFinderDelegate {
  /// Where the sightings come from.
  public let finder: any BeaconFinder
  var watch: StationWatch

  public init(
    finder: any BeaconFinder, catalog: StationCatalog = JakartaMRT.catalog,
    policy: StationPresencePolicy = StationPresencePolicy(),
    rangingConfiguration: BeaconRanging.Configuration = BeaconRanging.Configuration()
  ) {
    self.finder = finder
    watch = StationWatch(catalog: catalog, policy: policy, rangingConfiguration: rangingConfiguration)
  }

  /// Whether the use case has been started and not stopped (by ``stop()`` or by itself).
  public var isRunning: Bool { watch.isRunning }

  /// Starts the finder, with this use case as its delegate, then watching.
  func startWatching() -> StationWatchStartResult {
    guard !watch.isRunning else { return .alreadyStarted }
    finder.delegate = self
    return watch.start(after: finder.start())
  }

  /// Stops watching and the finder; `.notRunning` when it was not running.
  public func stop() -> StationWatchStopResult {
    let result = watch.stop()
    if result == .stopped { _ = finder.stop() }
    return result
  }

  public func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    report(watch.handle(sighting))
  }

  public func beaconFinder(_ finder: any BeaconFinder, didReach time: CaptureTime) {
    report(watch.advance(to: time))
  }

  /// Tells the delegate about `events`, in order, while the use case runs.
  func report(_ events: [StationEvent]) {}
}
