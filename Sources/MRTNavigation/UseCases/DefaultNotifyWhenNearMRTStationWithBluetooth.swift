import Beacons
import BluetoothTypes

/// ``NotifyWhenNearMRTStationWithBluetooth`` over a ``StationDetector``: the finder's delegate,
/// whose sightings become station events told to the use case's delegate.
///
/// Starting it starts its finder, and the finder's answer decides the use case's: no permission
/// is ``StationWatchStartResult/notAuthorized``, no adapter
/// ``StationWatchStartResult/bluetoothUnavailable``. A class because the use case has identity
/// (the delegate is told which source reported); not `Sendable`: keep it on one actor.
public final class DefaultNotifyWhenNearMRTStationWithBluetooth: NotifyWhenNearMRTStationWithBluetooth,
  BeaconFinderDelegate
{
  public weak var delegate: (any StationSourceUseCaseDelegate)?
  /// Where the sightings come from.
  public let finder: any BeaconFinder
  /// The stations watched for.
  public let catalog: StationCatalog
  let policy: StationPresencePolicy
  let rangingConfiguration: BeaconRanging.Configuration
  /// Starts afresh on every start, so a station the rider is at is reported again after a restart.
  private var detector: StationDetector
  public private(set) var isRunning = false

  public init(
    finder: any BeaconFinder, catalog: StationCatalog,
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
  public func start() -> StationWatchStartResult {
    guard !isRunning else { return .alreadyStarted }
    finder.delegate = self
    let started = StationWatchStartResult(finderStart: finder.start())
    guard started == .started else { return started }
    detector = StationDetector(catalog: catalog, policy: policy, rangingConfiguration: rangingConfiguration)
    isRunning = true
    return .started
  }

  @discardableResult
  public func stop() -> StationWatchStopResult {
    guard isRunning else { return .notRunning }
    isRunning = false
    finder.stop()
    return .stopped
  }

  public func pause() { isRunning = false }

  /// The station events of a sighting, to the delegate; none while not running.
  public func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    guard isRunning else { return }
    for event in detector.ingest(sighting) {
      // The delegate may stop the use case from a callback: later events are then dropped.
      guard isRunning else { return }
      delegate?.stationSource(self, didReport: StationSourceEvent(event))
    }
  }

  /// The station events of time passing (stations whose beacons fell silent are left).
  public func beaconFinder(_ finder: any BeaconFinder, didReach time: CaptureTime) {
    guard isRunning else { return }
    for event in detector.advance(to: time) {
      guard isRunning else { return }
      delegate?.stationSource(self, didReport: StationSourceEvent(event))
    }
  }
}
