import Beacons
import Positioning

/// One station of the built-in data, before its beacon identity is given.
struct BuiltInStation {
  let name: String
  let displayName: String
  let sponsored: String?
  let aliases: [String]
  let latitude: Double
  let longitude: Double
  let level: StationLevel
  /// The coordinate (and level) is an estimate, not from a source that places the station.
  var approximate = false

  func station(lineOrder: Int, beacon: BeaconIdentity) -> Station {
    Station(
      name: name, displayName: displayName, sponsoredName: sponsored, aliases: aliases, lineOrder: lineOrder,
      coordinate: GeoCoordinate(latitude: latitude, longitude: longitude),
      coordinateIsApproximate: approximate, level: level, beacon: beacon)
  }
}
