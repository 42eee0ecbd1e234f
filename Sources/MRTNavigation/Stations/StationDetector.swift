import Beacons
import BluetoothTypes

/// Sightings in, station events out: a ``BeaconFinder`` ranging the catalog's station beacons,
/// feeding a ``StationPresence``.
public struct StationDetector: Sendable {
  /// The ranging stage, for the beacons' states.
  public private(set) var finder: BeaconFinder
  /// The presence stage, for the stations the rider is at.
  public private(set) var presence: StationPresence

  /// A detector for `catalog`'s stations; the finder ranges exactly their beacons, so other
  /// beacons nearby cost no memory. (Regions cannot name Eddystone-UID beacons: a catalog with
  /// any makes the finder range every beacon, and the presence ignores those not in the catalog.)
  public init(
    catalog: StationCatalog = JakartaMRT.catalog, policy: StationPresencePolicy = StationPresencePolicy(),
    finderConfiguration: BeaconFinder.Configuration = BeaconFinder.Configuration()
  ) {
    let regions = catalog.stations.compactMap { station -> BeaconRegion? in
      guard let uuid = station.beacon.uuid, let major = station.beacon.major, let minor = station.beacon.minor
      else { return nil }
      return BeaconRegion(uuid: uuid, major: major, minor: minor)
    }
    let rangesEveryStation = regions.count == catalog.stations.count
    finder = BeaconFinder(regions: rangesEveryStation ? regions : [], configuration: finderConfiguration)
    presence = StationPresence(catalog: catalog, policy: policy)
  }

  /// Takes one sighting.
  public mutating func ingest(_ sighting: BeaconSighting) -> [StationEvent] {
    finder.ingest(sighting).flatMap { presence.handle($0) }
  }

  /// Moves time on without a sighting, so stations whose beacons fell silent are left.
  public mutating func advance(to time: CaptureTime) -> [StationEvent] {
    finder.advance(to: time).flatMap { presence.handle($0) }
  }
}
