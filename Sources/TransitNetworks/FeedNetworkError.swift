import MRTNavigation

/// Why a feed that was read cannot make a network of stations.
public enum FeedNetworkError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No route has a trip through two stations: there is no line to ride.
  case noLines
  /// A beacon's major is a route's position in `routes.txt`, a 16-bit number.
  case tooManyRoutes(Int)
  /// The stations, lines and walks the feed gives do not form a catalog.
  case catalog(StationCatalog.Problem)

  public var description: String {
    switch self {
    case .noLines:
      "the feed has no route with a trip through two stations; give a feed with trips"
    case .tooManyRoutes(let count):
      "the feed has \(count) routes; beacon majors number at most 65535, give a feed with fewer"
    case .catalog(let problem):
      "the feed's stations do not form a network (\(problem)); fix the feed"
    }
  }
}
