import Positioning
import Testing

@Suite struct GeoCoordinateTests {
  /// Worked out independently: one degree of latitude on a sphere of the mean Earth radius is
  /// 6,371,008.8 × π / 180 = 111,195.08 m; one of longitude at latitude φ is that × cos φ.
  @Test func distancesMatchTheSphere() {
    let origin = GeoCoordinate(latitude: 0, longitude: 0)
    #expect(abs(origin.distance(to: GeoCoordinate(latitude: 1, longitude: 0)) - 111_195.08) < 0.01)
    let jakarta = GeoCoordinate(latitude: -6.2, longitude: 106.8)
    let east = GeoCoordinate(latitude: -6.2, longitude: 106.801)
    // 111,195.08 × 0.001 × cos 6.2° = 110.545 m (the small arc is straight to a millimetre).
    #expect(abs(jakarta.distance(to: east) - 110.545) < 0.01)
    #expect(jakarta.distance(to: jakarta) == 0)
    #expect(jakarta.distance(to: east) == east.distance(to: jakarta))
  }

  @Test func antipodesAreHalfTheCircumference() {
    let here = GeoCoordinate(latitude: 10, longitude: 20)
    let antipode = GeoCoordinate(latitude: -10, longitude: -160)
    // Haversine loses precision at the antipode (asin near 1): to about 0.1 m there.
    #expect(abs(here.distance(to: antipode) - GeoCoordinate.earthRadius * .pi) < 1)
  }
}
