import Beacons
import BluetoothTypes

/// Sightings in, trains that arrived (and left) out: a ``BeaconRanging`` ranging the catalog's
/// train beacons, judged by a ``TrainArrivalPolicy``.
public struct TrainArrivalDetector: Sendable {
  /// What a train did.
  public enum Event: Hashable, Sendable {
    /// `train` is at the platform: its beacon has been strong steadily; `rssi` the smoothed
    /// RSSI (dBm) that made it certain.
    case arrived(Train, rssi: Double, at: Timestamp)
    /// `train`, which had arrived, has gone.
    case left(Train, at: Timestamp)
  }

  public let catalog: StationCatalog
  public let policy: TrainArrivalPolicy
  /// Ranges the train beacons; `nil` when the catalog's trains carry none.
  private var ranging: BeaconRanging?
  /// Since when each train beacon has been strong, and with how many reports.
  private var strong: [BeaconIdentity: (since: Timestamp, reports: Int)] = [:]
  private var arrived: Set<BeaconIdentity> = []

  /// A detector of `catalog`'s train beacons; with no ``StationCatalog/trainBeacons`` it finds none.
  public init(
    catalog: StationCatalog, policy: TrainArrivalPolicy = TrainArrivalPolicy(),
    rangingConfiguration: BeaconRanging.Configuration = BeaconRanging.Configuration()
  ) {
    self.catalog = catalog
    self.policy = policy
    ranging = catalog.trainBeacons.map { BeaconRanging(regions: $0.regions, configuration: rangingConfiguration) }
  }

  /// Ranges with this receiver's `offset` from now on (``BeaconRanging/setRSSIOffset(_:)``).
  public mutating func setRSSIOffset(_ offset: Double) { ranging?.setRSSIOffset(offset) }

  /// Takes one sighting.
  public mutating func ingest(_ sighting: BeaconSighting) -> [Event] {
    (ranging?.ingest(sighting) ?? []).flatMap { handle($0) }
  }

  /// Moves time on without a sighting, so trains whose beacons fell silent have left.
  public mutating func advance(to time: Timestamp) -> [Event] {
    (ranging?.advance(to: time) ?? []).flatMap { handle($0) }
  }

  private mutating func handle(_ event: BeaconRanging.Event) -> [Event] {
    switch event {
    case .ranged(let state):
      guard let train = catalog.train(for: state.identity), let rssi = state.smoothedRSSI else { return [] }
      if rssi >= policy.enterThreshold {
        var run = strong[state.identity] ?? (since: state.lastSeen, reports: 0)
        run.reports += 1
        strong[state.identity] = run
        let steady = state.lastSeen.microseconds(since: run.since) >= policy.steadyFor.wholeMicroseconds
        guard steady, run.reports >= policy.minimumReports, arrived.insert(state.identity).inserted else { return [] }
        return [.arrived(train, rssi: rssi, at: state.lastSeen)]
      }
      // Not strong: the steady run is over; below the exit threshold the train has gone.
      strong[state.identity] = nil
      guard rssi < policy.exitThreshold, arrived.remove(state.identity) != nil else { return [] }
      return [.left(train, at: state.lastSeen)]
    case .lost(let state):
      strong[state.identity] = nil
      guard arrived.remove(state.identity) != nil, let train = catalog.train(for: state.identity) else { return [] }
      return [.left(train, at: state.lastSeen)]
    }
  }
}
