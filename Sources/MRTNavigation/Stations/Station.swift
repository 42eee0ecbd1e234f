import Beacons

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
  /// Position along its line, from 1.
  public var lineOrder: Int
  public var coordinate: GeoCoordinate?
  /// The beacon identity the station's beacons broadcast.
  public var beacon: BeaconIdentity

  public init(
    name: String, displayName: String, sponsoredName: String? = nil, aliases: [String] = [],
    lineOrder: Int, coordinate: GeoCoordinate? = nil, beacon: BeaconIdentity
  ) {
    self.name = name
    self.displayName = displayName
    self.sponsoredName = sponsoredName
    self.aliases = aliases
    self.lineOrder = lineOrder
    self.coordinate = coordinate
    self.beacon = beacon
  }
}

/// A WGS 84 position in decimal degrees.
public struct GeoCoordinate: Hashable, Sendable {
  public var latitude: Double
  public var longitude: Double

  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }
}
