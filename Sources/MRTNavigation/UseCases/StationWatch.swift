import Beacons
import BluetoothTypes

/// What the use cases share: whether they are watching, and a ``StationDetector`` that starts
/// afresh on every start (so a station you are at is reported again after a restart).
struct StationWatch {
  let catalog: StationCatalog
  let policy: StationPresencePolicy
  let rangingConfiguration: BeaconRanging.Configuration
  private(set) var isRunning = false
  private var detector: StationDetector

  init(catalog: StationCatalog, policy: StationPresencePolicy, rangingConfiguration: BeaconRanging.Configuration) {
    self.catalog = catalog
    self.policy = policy
    self.rangingConfiguration = rangingConfiguration
    detector = StationDetector(catalog: catalog, policy: policy, rangingConfiguration: rangingConfiguration)
  }

  /// Starts watching once the finder has started (`finderResult`), or says why it cannot.
  mutating func start(after finderResult: BeaconFinderStartResult) -> StationWatchStartResult {
    switch finderResult {
    case .notAuthorized: return .notAuthorized
    case .bluetoothUnavailable: return .bluetoothUnavailable
    case .failed: return .finderFailed
    case .started, .alreadyStarted: break
    }
    detector = StationDetector(catalog: catalog, policy: policy, rangingConfiguration: rangingConfiguration)
    isRunning = true
    return .started
  }

  mutating func stop() -> StationWatchStopResult {
    guard isRunning else { return .notRunning }
    isRunning = false
    return .stopped
  }

  /// The station events of `sighting`; none while not running.
  mutating func handle(_ sighting: BeaconSighting) -> [StationEvent] {
    isRunning ? detector.ingest(sighting) : []
  }

  /// The station events of time passing; none while not running.
  mutating func advance(to time: CaptureTime) -> [StationEvent] {
    isRunning ? detector.advance(to: time) : []
  }
}
