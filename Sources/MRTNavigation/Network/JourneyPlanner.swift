/// Why no journey can be planned.
public enum JourneyProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// No station is named so; `suggestions` are the closest names, best first (maybe none).
  case unknownStation(String, suggestions: [String])
  /// The journey would start where it ends.
  case sameStation(Station)
  /// No line or walk links the two stations.
  case unreachable(from: Station, to: Station)

  public var description: String {
    switch self {
    case .unknownStation(let name, let suggestions):
      let hint = suggestions.isEmpty ? "" : " Did you mean \(suggestions.joined(separator: " or "))?"
      return "No station named \"\(name)\".\(hint) `beacon-broadcast --list-stations` lists them all."
    case .sameStation(let station): return "The journey starts and ends at \(station.displayName)."
    case .unreachable(let from, let to):
      return "No line or walk in this catalog links \(from.displayName) to \(to.displayName)."
    }
  }
}

extension StationCatalog {
  /// The journey from `origin` to `destination`, named as ``station(named:)`` accepts: the
  /// fewest transfers first, then the fewest stops, then the least walking.
  ///
  /// A change of line at one station and a walk to another station each count as one transfer;
  /// staying aboard through a station that another line also serves is no transfer.
  public func journey(from origin: String, to destination: String) throws(JourneyProblem) -> Journey {
    guard let first = station(named: origin) else {
      throw .unknownStation(origin, suggestions: suggestions(for: origin))
    }
    guard let last = station(named: destination) else {
      throw .unknownStation(destination, suggestions: suggestions(for: destination))
    }
    return try journey(from: first, to: last)
  }

  /// The journey from `origin` to `destination`; see ``journey(from:to:)-(String,String)``.
  public func journey(from origin: Station, to destination: Station) throws(JourneyProblem) -> Journey {
    guard let start = position(of: origin), let end = position(of: destination) else {
      throw .unreachable(from: origin, to: destination)
    }
    guard start != end else { throw .sameStation(origin) }
    var search = JourneySearch(network: network, interchanges: interchanges)
    guard let path = search.path(from: start, to: end) else { throw .unreachable(from: origin, to: destination) }
    return makeJourney(path)
  }

  /// Station names close to `name` (by edit distance of their keys, or containing it), best
  /// first, at most three.
  public func suggestions(for name: String) -> [String] {
    let typed = Self.key(name)
    guard !typed.isEmpty else { return [] }
    var scored: [(distance: Int, name: String)] = []
    for station in stations {
      let best =
        Self.names(of: station).map { candidate -> Int in
          let key = Self.key(candidate)
          let contains = typed.count >= 3 && (key.contains(typed) || typed.contains(key))
          return contains ? 1 : Self.editDistance(typed, key)
        }.min() ?? Int.max
      // One typo in a short name, about one in three letters in a longer one.
      if best <= max(1, typed.count / 3) { scored.append((best, station.name)) }
    }
    return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(3).map(\.name)
  }

  private func makeJourney(_ path: [JourneySearch.Move]) -> Journey {
    var steps: [Journey.Step] = []
    var riding: (line: Int, stations: [Int])?
    func endLeg() {
      guard let leg = riding, leg.stations.count >= 2 else {
        riding = nil
        return
      }
      let line = lines[leg.line]
      let positions = network.lineStations[leg.line]
      let ascending =
        (positions.firstIndex(of: leg.stations[0]) ?? 0) < (positions.firstIndex(of: leg.stations[1]) ?? 0)
      let direction: TransitLine.Direction = ascending ? .towardsLast : .towardsFirst
      steps.append(
        .ride(
          Journey.Leg(
            line: line, direction: direction, headsign: headsign(of: line, direction),
            stations: leg.stations.map { stations[$0] })))
      riding = nil
    }
    var alightedAt: Int?
    for move in path {
      switch move {
      case .board(let station, let line):
        if let alighted = alightedAt {
          steps.append(.change(Journey.Transfer(from: stations[alighted], to: stations[station], walk: nil)))
          alightedAt = nil
        }
        riding = (line, [station])
      case .ride(let station):
        riding?.stations.append(station)
      case .alight(let station):
        endLeg()
        alightedAt = station
      case .walk(let from, let to, let interchange):
        endLeg()
        steps.append(.change(Journey.Transfer(from: stations[from], to: stations[to], walk: interchanges[interchange])))
      }
    }
    endLeg()
    return Journey(steps: steps)
  }

  /// Levenshtein distance between two keys.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.utf8)
    let b = Array(b.utf8)
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, y) in b.enumerated() {
        current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}

/// A lexicographic shortest-path search over (station, line) states: (transfers, stops,
/// walking seconds).
private struct JourneySearch {
  enum Move: Hashable {
    /// Boarding `line` at `station` (at the start, after a walk, or in a change).
    case board(station: Int, line: Int)
    /// Riding on to `station`.
    case ride(station: Int)
    /// Getting off at `station`, to change.
    case alight(station: Int)
    /// Walking from one station to another.
    case walk(from: Int, to: Int, interchange: Int)
  }

  /// Where the rider is: at a station, aboard a line (by index) or on foot (`nil`).
  struct State: Hashable {
    var station: Int
    var line: Int?
  }

  struct Cost: Comparable {
    var transfers: Int
    var stops: Int
    var walking: Int64

    static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.transfers, lhs.stops, lhs.walking) < (rhs.transfers, rhs.stops, rhs.walking)
    }

    func adding(transfers: Int = 0, stops: Int = 0, walking: Int64 = 0) -> Cost {
      Cost(transfers: self.transfers + transfers, stops: self.stops + stops, walking: self.walking + walking)
    }
  }

  let network: StationNetwork
  let interchanges: [Interchange]
  private var best: [State: Cost] = [:]
  private var previous: [State: (State, Move)] = [:]

  init(network: StationNetwork, interchanges: [Interchange]) {
    self.network = network
    self.interchanges = interchanges
  }

  /// The moves from `start` to `end`, or `nil` when it cannot be reached. The networks are
  /// small (hundreds of states): a linear scan for the next state is enough.
  mutating func path(from start: Int, to end: Int) -> [Move]? {
    let origin = State(station: start, line: nil)
    best[origin] = Cost(transfers: 0, stops: 0, walking: 0)
    var open: Set<State> = [origin]
    while let state = open.min(by: { order($0) < order($1) }) {
      open.remove(state)
      guard let cost = best[state] else { continue }
      if state.station == end { return moves(to: state) }
      for (next, move, nextCost) in successors(of: state, cost: cost) where best[next].map({ nextCost < $0 }) ?? true {
        best[next] = nextCost
        previous[next] = (state, move)
        open.insert(next)
      }
    }
    return nil
  }

  /// The cost, then the state itself, so that ties always break the same way.
  private func order(_ state: State) -> (Int, Int, Int64, Int, Int) {
    let cost = best[state] ?? Cost(transfers: .max, stops: .max, walking: .max)
    return (cost.transfers, cost.stops, cost.walking, state.station, state.line ?? -1)
  }

  private func successors(of state: State, cost: Cost) -> [(State, Move, Cost)] {
    var next: [(State, Move, Cost)] = []
    let station = state.station
    guard let line = state.line else {
      // On foot: board any line here (the transfer was counted by the walk or the alighting),
      // or, at the start, walk.
      for stop in network.stops[station] {
        next.append((State(station: station, line: stop.line), .board(station: station, line: stop.line), cost))
      }
      if previous[state] == nil { next += walks(from: station, cost: cost) }
      return next
    }
    if let stop = network.stops[station].first(where: { $0.line == line }) {
      let stations = network.lineStations[line]
      for position in [stop.position - 1, stop.position + 1] where stations.indices.contains(position) {
        next.append(
          (State(station: stations[position], line: line), .ride(station: stations[position]), cost.adding(stops: 1)))
      }
    }
    next.append((State(station: station, line: nil), .alight(station: station), cost.adding(transfers: 1)))
    next += walks(from: station, cost: cost)
    return next
  }

  private func walks(from station: Int, cost: Cost) -> [(State, Move, Cost)] {
    network.walks[station].map { walk in
      let seconds = interchanges[walk.interchange].walkingTime.components.seconds
      return (
        State(station: walk.station, line: nil), .walk(from: station, to: walk.station, interchange: walk.interchange),
        cost.adding(transfers: 1, walking: seconds)
      )
    }
  }

  private func moves(to state: State) -> [Move] {
    var moves: [Move] = []
    var current = state
    while let (before, move) = previous[current] {
      moves.append(move)
      current = before
    }
    return moves.reversed()
  }
}
