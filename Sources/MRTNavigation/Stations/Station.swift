import Beacons
import Positioning

/// A station and the beacon identity it broadcasts.
public struct Station: Hashable, Sendable {
  /// The key: the station's base name without spaces, e.g. `CipeteRaya`.
  public var name: String
  /// The name as signs show it, e.g. `Cipete Raya`.
  public var displayName: String
  /// The current naming-rights name, if any (e.g. `Dukuh Atas BNI`). Data: sponsors change.
  public var sponsoredName: String?
  /// Other names a user may type, e.g. `DukuhAtasBNI` or a former name.
  public var aliases: [String]
  /// Position along its line, from 1 (on a network: along its home line, the one its beacon
  /// identity belongs to).
  public var lineOrder: Int
  /// Where the platforms are: their centre, for finding the station by GPS.
  public var coordinate: GeoCoordinate?
  /// Whether ``coordinate`` is an estimate (good to a few hundred metres), not a sourced
  /// position: GPS does not find such a station.
  public var coordinateIsApproximate: Bool
  /// Whether the platforms are above or below ground: GPS has fixes on an elevated platform,
  /// none underground.
  public var level: StationLevel?
  /// The beacon identity the station's beacons broadcast.
  public var beacon: BeaconIdentity

  public init(
    name: String, displayName: String, sponsoredName: String? = nil, aliases: [String] = [],
    lineOrder: Int, coordinate: GeoCoordinate? = nil, coordinateIsApproximate: Bool = false,
    level: StationLevel? = nil, beacon: BeaconIdentity
  ) {
    self.name = name
    self.displayName = displayName
    self.sponsoredName = sponsoredName
    self.aliases = aliases
    self.lineOrder = lineOrder
    self.coordinate = coordinate
    self.coordinateIsApproximate = coordinateIsApproximate
    self.level = level
    self.beacon = beacon
  }
}
