import Beacons
import BluetoothTypes

/// What the use cases share: whether they are running, and a ``StationDetector`` that starts
/// afresh on every start (so a station you are at is reported again after a restart).
struct StationWatch {
  let catalog: StationCatalog
  let policy: StationPresencePolicy
  let finderConfiguration: BeaconFinder.Configuration
  let authorization: any BluetoothAuthorizing
  private(set) var isRunning = false
  private var detector: StationDetector

  init(
    catalog: StationCatalog, policy: StationPresencePolicy, finderConfiguration: BeaconFinder.Configuration,
    authorization: any BluetoothAuthorizing
  ) {
    self.catalog = catalog
    self.policy = policy
    self.finderConfiguration = finderConfiguration
    self.authorization = authorization
    detector = StationDetector(catalog: catalog, policy: policy, finderConfiguration: finderConfiguration)
  }

  mutating func start() -> StationWatchStartResult {
    guard !isRunning else { return .alreadyStarted }
    switch authorization.currentAuthorization() {
    case .notAuthorized: return .notAuthorized
    case .unavailable: return .bluetoothUnavailable
    case .authorized: break
    }
    detector = StationDetector(catalog: catalog, policy: policy, finderConfiguration: finderConfiguration)
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
