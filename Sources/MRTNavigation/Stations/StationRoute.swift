/// The stations a train passes from one station to another, in the order it reaches them:
/// both ends included, in either direction along the line.
public struct StationRoute: Hashable, Sendable {
  public let stations: [Station]

  /// Why a route cannot be made.
  public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownStation(String, known: [String])

    public var description: String {
      switch self {
      case .unknownStation(let name, let known):
        return "No station named \"\(name)\". Stations: \(known.joined(separator: ", "))."
      }
    }
  }

  /// The route from `origin` to `destination`, named as ``StationCatalog/station(named:)`` accepts.
  public init(from origin: String, to destination: String, in catalog: StationCatalog) throws(Problem) {
    guard let first = catalog.station(named: origin) else { throw .unknownStation(origin, known: catalog.names) }
    guard let last = catalog.station(named: destination) else {
      throw .unknownStation(destination, known: catalog.names)
    }
    let ordered = catalog.stations.sorted { $0.lineOrder < $1.lineOrder }
    let between = ordered.filter {
      (min(first.lineOrder, last.lineOrder)...max(first.lineOrder, last.lineOrder)).contains($0.lineOrder)
    }
    stations = first.lineOrder <= last.lineOrder ? between : between.reversed()
  }
}
