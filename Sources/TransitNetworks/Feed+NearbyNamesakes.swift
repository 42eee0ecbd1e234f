import Positioning
import TransitFeeds

extension Feed {
  /// How far apart two stops standing alone under one name may be and still be one station, in
  /// metres: the two sides of a street, the platforms of a stop without a station.
  public static let namesakeReach = 300.0

  /// The feed with its stops standing alone that share a name within ``namesakeReach`` of each
  /// other joined into one station (``Feed/joinNamesakes(isNear:)``), as ``FeedNetwork`` and
  /// ``Timetable`` read it.
  public func joiningNearbyNamesakes() -> Feed {
    var feed = self
    feed.joinNamesakes { a, b in
      guard let aLatitude = a.latitude, let aLongitude = a.longitude, let bLatitude = b.latitude,
        let bLongitude = b.longitude
      else { return false }
      return GeoCoordinate(latitude: aLatitude, longitude: aLongitude)
        .distance(to: GeoCoordinate(latitude: bLatitude, longitude: bLongitude)) <= Self.namesakeReach
    }
    return feed
  }
}
