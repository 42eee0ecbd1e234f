/// A way from one station to another: rides along lines, and the changes between them.
public struct Journey: Hashable, Sendable {
  /// One ride on one line, in one direction.
  public struct Leg: Hashable, Sendable {
    /// The line ridden.
    public let line: TransitLine
    /// Which way along the line.
    public let direction: TransitLine.Direction
    /// What the trains to take show, e.g. `Bundaran HI`.
    public let headsign: String
    /// The stations the train stops at, from where the rider boards to where they get off.
    public let stations: [Station]

    /// Where the rider boards.
    public var first: Station { stations[0] }
    /// Where the rider gets off.
    public var last: Station { stations[stations.count - 1] }
    /// How many stops the train makes until the rider gets off, that one included.
    public var stops: Int { stations.count - 1 }
  }

  /// A change between two legs (or a walk at either end): at one station, or on foot to
  /// another station.
  public struct Transfer: Hashable, Sendable {
    /// Where the rider gets off.
    public let from: Station
    /// Where the rider boards next: `from` itself when the lines stop at the same station.
    public let to: Station
    /// The walk between them, when there is one.
    public let walk: Interchange?

    /// Whether the rider walks to another station.
    public var isWalk: Bool { walk != nil }
  }

  /// A ride or a change, in the order the rider makes them.
  public enum Step: Hashable, Sendable {
    case ride(Leg)
    case change(Transfer)
  }

  /// The rides and changes in order; never empty.
  public let steps: [Step]

  /// The rides, in order.
  public var legs: [Leg] {
    steps.compactMap {
      if case .ride(let leg) = $0 { return leg }
      return nil
    }
  }

  /// The changes, in order.
  public var transfers: [Transfer] {
    steps.compactMap {
      if case .change(let transfer) = $0 { return transfer }
      return nil
    }
  }

  /// Every station the rider is at, in order, each once: the stations of each leg, and
  /// both ends of each walk.
  public var stations: [Station] {
    var stations: [Station] = []
    for step in steps {
      let reached: [Station]
      switch step {
      case .ride(let leg): reached = leg.stations
      case .change(let transfer): reached = [transfer.from, transfer.to]
      }
      for station in reached where stations.last != station { stations.append(station) }
    }
    return stations
  }

  /// Where the journey starts.
  public var origin: Station {
    switch steps[0] {
    case .ride(let leg): return leg.first
    case .change(let transfer): return transfer.from
    }
  }

  /// Where the journey ends.
  public var destination: Station {
    switch steps[steps.count - 1] {
    case .ride(let leg): return leg.last
    case .change(let transfer): return transfer.to
    }
  }

  /// Stops made on all legs together.
  public var stops: Int { legs.reduce(0) { $0 + $1.stops } }
}
