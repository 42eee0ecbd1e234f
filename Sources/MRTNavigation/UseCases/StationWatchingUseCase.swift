import Beacons
import BluetoothTypes

/// What the three station use cases share: a ``BeaconFinder`` whose delegate they are, a
/// ``StationDetector`` that starts afresh on every start (so a station you are at is reported
/// again after a restart), and the default-valued initializer. Each use case subclasses it and
/// says, in ``report(_:)``, which station events reach its delegate. Not `Sendable`: keep it on
/// one actor.
///
/// Starting a use case starts its finder, and the finder's answer decides the use case's:
/// no permission is ``StationWatchStartResult/notAuthorized``, no adapter
/// ``StationWatchStartResult/bluetoothUnavailable``. Stopping it stops the finder. A use case
/// that stops itself when done (arrived, found) leaves the finder to its caller.
public class StationWatchingUseCase: BeaconFinderDelegate {
  /// Where the sightings come from.
  public let finder: any BeaconFinder
  /// The stations watched for.
  public let catalog: StationCatalog
  let policy: StationPresencePolicy
  let rangingConfiguration: BeaconRanging.Configuration
  private var detector: StationDetector

  /// Whether the use case has been started and not stopped (by ``stop()`` or by itself).
  public private(set) var isRunning = false

  public init(
    finder: any BeaconFinder, catalog: StationCatalog = JakartaRail.network,
    policy: StationPresencePolicy = StationPresencePolicy(),
    rangingConfiguration: BeaconRanging.Configuration = BeaconRanging.Configuration()
  ) {
    self.finder = finder
    self.catalog = catalog
    self.policy = policy
    self.rangingConfiguration = rangingConfiguration
    detector = StationDetector(catalog: catalog, policy: policy, rangingConfiguration: rangingConfiguration)
  }

  /// Starts the finder, with this use case as its delegate, then watching from a clean slate;
  /// or says why it cannot.
  func startWatching() -> StationWatchStartResult {
    guard !isRunning else { return .alreadyStarted }
    finder.delegate = self
    let started = StationWatchStartResult(finderStart: finder.start())
    guard started == .started else { return started }
    detector = StationDetector(catalog: catalog, policy: policy, rangingConfiguration: rangingConfiguration)
    isRunning = true
    return .started
  }

  /// Stops watching and the finder; `.notRunning` when it was not running.
  @discardableResult
  public func stop() -> StationWatchStopResult {
    guard isRunning else { return .notRunning }
    isRunning = false
    finder.stop()
    return .stopped
  }

  /// Stops watching but leaves the finder running: the use case is done.
  func stopWatching() {
    isRunning = false
  }

  /// The station events of a sighting; none while not running.
  public func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    if isRunning { report(detector.ingest(sighting)) }
  }

  /// The station events of time passing (stations whose beacons fell silent are left); none
  /// while not running.
  public func beaconFinder(_ finder: any BeaconFinder, didReach time: CaptureTime) {
    if isRunning { report(detector.advance(to: time)) }
  }

  /// Tells the delegate about `events`, in order, while the use case runs.
  func report(_ events: [StationEvent]) {}
}
