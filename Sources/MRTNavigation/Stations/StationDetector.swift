import Beacons
import BluetoothTypes

/// Sightings in, station events out: a ``BeaconRanging`` ranging the catalog's station beacons,
/// feeding a ``StationPresence``.
public struct StationDetector: Sendable {
  /// The ranging stage, for the beacons' states.
  public private(set) var ranging: BeaconRanging
  /// The presence stage, for the stations the rider is at.
  public private(set) var presence: StationPresence

  /// A detector for `catalog`'s stations; the finder ranges exactly their beacons, so other
  /// beacons nearby cost no memory. (Regions cannot name Eddystone-UID beacons: a catalog with
  /// any makes the finder range every beacon, and the presence ignores those not in the catalog.)
  public init(
    catalog: StationCatalog, policy: StationPresencePolicy = StationPresencePolicy(),
    rangingConfiguration: BeaconRanging.Configuration = BeaconRanging.Configuration()
  ) {
    let regions = catalog.stations.compactMap { station -> BeaconRegion? in
      guard let uuid = station.beacon.uuid, let major = station.beacon.major, let minor = station.beacon.minor
      else { return nil }
      return BeaconRegion(uuid: uuid, major: major, minor: minor)
    }
    let rangesEveryStation = regions.count == catalog.stations.count
    ranging = BeaconRanging(regions: rangesEveryStation ? regions : [], configuration: rangingConfiguration)
    presence = StationPresence(catalog: catalog, policy: policy)
  }

  /// Ranges with this receiver's `offset` from now on (``BeaconRanging/setRSSIOffset(_:)``).
  public mutating func setRSSIOffset(_ offset: Double) { ranging.setRSSIOffset(offset) }

  /// Takes one sighting.
  public mutating func ingest(_ sighting: BeaconSighting) -> [StationEvent] {
    ranging.ingest(sighting).flatMap { presence.handle($0) }
  }

  /// Moves time on without a sighting, so stations whose beacons fell silent are left.
  public mutating func advance(to time: Timestamp) -> [StationEvent] {
    ranging.advance(to: time).flatMap { presence.handle($0) }
  }
}
