import BeaconTestSupport
import BluetoothTypes
import MRTNavigation
import Positioning
import Testing

/// Station events as either source's detector reports them, for stations of the real catalog, at times from
/// ``FindingFixtures/time(_:)``.
enum SourceEvents {
  /// A station of the real network (the built-in network, ``TestCatalogs/jakartaRail``), by its name.
  static func station(_ name: String) throws -> Station {
    try #require(TestCatalogs.jakartaRail.station(named: name), "no station \(name) in the network")
  }

  /// `station` found by its beacon, at `rssi`, `seconds` in.
  static func heard(_ station: Station, rssi: Double = -75, at seconds: Double) -> StationSourceEvent {
    .found(station, evidence: .bluetooth(rssi: rssi), at: FindingFixtures.time(seconds))
  }

  /// `station` found by a fix at its platform, standing still, `seconds` in.
  static func fixed(_ station: Station, at seconds: Double) -> StationSourceEvent {
    let fix = LocationFix(
      time: FindingFixtures.time(seconds), mode: .threeDimensional, coordinate: station.coordinate, speed: 0,
      horizontalError: 5)
    return .found(station, evidence: .gps(fix), at: fix.time)
  }

  /// The rider left `station`, `seconds` in.
  static func left(_ station: Station, at seconds: Double) -> StationSourceEvent {
    .left(station, at: FindingFixtures.time(seconds))
  }
}
