import TransitFeeds

/// What the timetable says along a ride to one station: when the rider gets there (`eta`), how
/// late their train runs (`delay`), and at the platform where the journey starts, the next trains.
///
/// - At the journey's first station, before any other is found, the rider waits on the platform:
///   the next departures from it whose trips reach the destination, and the first one's arrival
///   as the ETA.
/// - Further on, the rider is on a train. Once two stations are found on it, the trip is matched:
///   of the runs that call at both in order and reach the destination, the one whose lateness at
///   the two agrees within ``matchTolerance`` and is smallest; its lateness at the latest station
///   is the `delay`. The ETA is the time the station was found plus the timetable's time from
///   that station to the destination (the dwell times included): of the matched trip, or before a
///   match of the run whose time at the station is nearest.
public struct RideTimetable: Sendable {
  public struct Estimate: Hashable, Sendable {
    /// When the rider reaches the destination (seconds since 1970-01-01 UTC).
    public var eta: Int64
    /// Seconds late (negative: early) against the matched trip; `nil` before a trip is matched.
    public var delay: Int?
    /// The trip (an index into the feed's trips) the estimate follows.
    public var trip: Int
    /// At the journey's first station: the next departures from it towards the destination.
    public var nextDepartures: [Int64]
  }

  /// How far the lateness at two stations may differ for a trip to match them (seconds).
  public static let matchTolerance = 150

  /// A run's call at a station: arrival and departure, seconds of its service day.
  struct Call {
    var arrival: Int32
    var departure: Int32
  }

  /// A run that reaches the destination, its calls before it by node, and its arrival there.
  struct RunThere {
    var run: Int32
    var calls: [Int32: Call]
    var arrival: Int32
  }

  public let timetable: Timetable
  let origin: Int32?
  let runsThere: [RunThere]
  /// The stations found on the train so far, with when.
  private var riding: [(node: Int32, time: Int64)] = []

  /// The ride to `destination`, from `origin` when the journey's start is known (stations are
  /// indices into the feed's stops). `nil` when the timetable does not know the destination.
  public init?(timetable: Timetable, origin: Int?, destination: Int) {
    guard let target = timetable.node[destination] else { return nil }
    self.timetable = timetable
    self.origin = origin.flatMap { timetable.node[$0] }
    var runsThere: [RunThere] = []
    for run in timetable.runs.indices {
      var calls: [Int32: Call] = [:]
      var previousArrival: Int32?
      for index in Int(timetable.runStart[run])..<Int(timetable.runStart[run + 1]) {
        let hop = timetable.connections[Int(timetable.runHops[index])]
        if calls[hop.from] == nil {
          calls[hop.from] = Call(arrival: previousArrival ?? hop.departure, departure: hop.departure)
        }
        previousArrival = hop.arrival
        if hop.to == target {
          runsThere.append(RunThere(run: Int32(run), calls: calls, arrival: hop.arrival))
          break
        }
      }
    }
    self.runsThere = runsThere
  }

  /// The estimate when `station` is found at `time` (Unix seconds); `nil` when no trip of the
  /// days around `time` calls there on its way to the destination.
  public mutating func found(station: Int, at time: Int64) -> Estimate? {
    guard let node = timetable.node[station] else { return nil }
    let days = timetable.serviceDays(around: time)
    if riding.isEmpty, node == origin {
      // On the platform: the runs leaving after now, soonest first.
      var departures: [(departure: Int64, arrival: Int64, trip: Int)] = []
      for there in runsThere {
        guard let call = there.calls[node] else { continue }
        for day in days where day.runs(there.run, in: timetable) {
          let departure = day.base + Int64(call.departure)
          if departure >= time {
            departures.append((departure, day.base + Int64(there.arrival), trip(of: there.run)))
          }
        }
      }
      departures.sort { $0.departure < $1.departure }
      guard let first = departures.first else { return nil }
      return Estimate(
        eta: first.arrival, delay: nil, trip: first.trip, nextDepartures: departures.prefix(3).map(\.departure))
    }
    let previous = riding.last
    riding.append((node, time))
    var matched: (lateness: Int64, there: RunThere, call: Call)?
    var nearest: (lateness: Int64, there: RunThere, call: Call)?
    for there in runsThere {
      guard let call = there.calls[node] else { continue }
      for day in days where day.runs(there.run, in: timetable) {
        let lateness = time - (day.base + Int64(call.arrival))
        // Within two hours either way: a train, not a timetable from another part of the day.
        guard abs(lateness) <= 7200 else { continue }
        if nearest.map({ abs(lateness) < abs($0.lateness) }) ?? true { nearest = (lateness, there, call) }
        guard let previous, previous.node != node, let before = there.calls[previous.node],
          before.arrival <= call.arrival
        else { continue }
        let latenessBefore = previous.time - (day.base + Int64(before.arrival))
        guard abs(lateness - latenessBefore) <= Int64(Self.matchTolerance) else { continue }
        if matched.map({ abs(lateness) < abs($0.lateness) }) ?? true { matched = (lateness, there, call) }
      }
    }
    guard let chosen = matched ?? nearest else { return nil }
    return Estimate(
      eta: time + Int64(chosen.there.arrival - chosen.call.arrival), delay: matched.map { Int($0.lateness) },
      trip: trip(of: chosen.there.run), nextDepartures: [])
  }

  private func trip(of run: Int32) -> Int { Int(timetable.runs[Int(run)].trip) }
}
