import RealModule

/// A WGS 84 position in decimal degrees.
public struct GeoCoordinate: Hashable, Sendable {
  public var latitude: Double
  public var longitude: Double

  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// The mean Earth radius (IUGG), in metres.
  public static let earthRadius = 6_371_008.8

  /// The great-circle distance to `other`, in metres (haversine, on a sphere of
  /// ``earthRadius``: within 0.5 % of the ellipsoid's, which is centimetres at a station's
  /// scale).
  public func distance(to other: GeoCoordinate) -> Double {
    let latitude1 = latitude * .pi / 180
    let latitude2 = other.latitude * .pi / 180
    let latitudeDelta = latitude2 - latitude1
    let longitudeDelta = (other.longitude - longitude) * .pi / 180
    let sinHalfLatitudeDelta = Double.sin(latitudeDelta / 2)
    let sinHalfLongitudeDelta = Double.sin(longitudeDelta / 2)
    let a =
      sinHalfLatitudeDelta * sinHalfLatitudeDelta + Double.cos(latitude1) * Double.cos(latitude2)
      * sinHalfLongitudeDelta * sinHalfLongitudeDelta
    return 2 * Self.earthRadius * Double.asin(min(1, a.squareRoot()))
  }
}
