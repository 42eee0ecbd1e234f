import Beacons

/// How a ride's detectors find stations and trains: the catalog and each detector's constants.
public struct RideDetection: Sendable {
  public var catalog: StationCatalog
  public var policy: StationPresencePolicy
  public var ranging: BeaconRanging.Configuration
  public var gps: GPSStationPolicy
  public var trains: TrainArrivalPolicy

  public init(
    catalog: StationCatalog, policy: StationPresencePolicy = StationPresencePolicy(),
    ranging: BeaconRanging.Configuration = BeaconRanging.Configuration(), gps: GPSStationPolicy = GPSStationPolicy(),
    trains: TrainArrivalPolicy = TrainArrivalPolicy()
  ) {
    self.catalog = catalog
    self.policy = policy
    self.ranging = ranging
    self.gps = gps
    self.trains = trains
  }
}
