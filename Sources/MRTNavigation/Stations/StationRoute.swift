/// The stations a rider passes from one station to another, in the order they reach them:
/// both ends included, along the planned journey (see ``StationCatalog/journey(from:to:)-(String,String)``),
/// both ends of each walk included.
public struct StationRoute: Hashable, Sendable {
  public let stations: [Station]

  /// The route from `origin` to `destination`, named as ``StationCatalog/station(named:)`` accepts;
  /// a route from a station to itself is that station.
  public init(from origin: String, to destination: String, in catalog: StationCatalog) throws(JourneyProblem) {
    do {
      stations = try catalog.journey(from: origin, to: destination).stations
    } catch .sameStation(let station) {
      stations = [station]
    }
  }
}
