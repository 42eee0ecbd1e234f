/// A catalog's lines and walking links as positions in its station list, for walking the
/// network: built once with the catalog.
struct StationNetwork: Hashable, Sendable {
  /// A place a line stops: which line, and where along it.
  struct Stop: Hashable, Sendable {
    var line: Int
    var position: Int
  }

  /// A walk from a station: to which station, by which of the catalog's interchanges.
  struct Walk: Hashable, Sendable {
    var station: Int
    var interchange: Int
  }

  /// For each line, its stations' positions in the catalog, in line order.
  var lineStations: [[Int]]
  /// For each station, the lines stopping there.
  var stops: [[Stop]]
  /// For each station, the walks from it.
  var walks: [[Walk]]

  /// Fewest hops from `origin` to each station: a stop along a line or a walk is one hop
  /// (`nil` where it cannot be reached).
  func hops(from origin: Int) -> [Int?] {
    var hops = [Int?](repeating: nil, count: stops.count)
    guard hops.indices.contains(origin) else { return hops }
    hops[origin] = 0
    var frontier = [origin]
    var distance = 0
    while !frontier.isEmpty {
      distance += 1
      var next: [Int] = []
      for station in frontier {
        var neighbours = walks[station].map(\.station)
        for stop in stops[station] {
          let line = lineStations[stop.line]
          if stop.position > 0 { neighbours.append(line[stop.position - 1]) }
          if stop.position + 1 < line.count { neighbours.append(line[stop.position + 1]) }
        }
        for neighbour in neighbours where hops[neighbour] == nil {
          hops[neighbour] = distance
          next.append(neighbour)
        }
      }
      frontier = next
    }
    return hops
  }
}
