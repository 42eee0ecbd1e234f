import TransitFeeds

/// What the timetable says along a ride to one station: when the rider gets there (`eta`), how
/// late their train runs (`delay`), and at the platform where the journey starts, the next trains.
///
/// - At the journey's first station, before any other is found, the rider waits on the platform:
///   the next departures from it whose trips reach the destination, and the first one's arrival
///   as the ETA.
/// - Further on, the rider is on a train. Once two stations are found on it, the trip is matched
///   among the runs that call at both in order, reach the destination, agree on the lateness at
///   the two within ``matchTolerance`` and are not early at either (trains do not leave early: a
///   run the train would be found more than ``earliness`` ahead of is not the train; where a run
///   starts, a train found before it leaves waits to leave on time, and is at least as late as
///   found there further on). Of those,
///   the rider is on the first run to leave the platform where they were found at the journey's
///   start, at or after that moment; without that, on the run with the smallest lateness. Its
///   lateness at the latest station is the `delay`.
/// - The match holds (the rider stays on their train, however its delay grows) until two
///   stations in a row disagree with it: found early against it, or later than it was at the last
///   station that agreed by more than the headway there, or not on its way. Then the trip is
///   matched again on those two.
/// - The ETA is the timetable's arrival at the destination, as late as the train is at the station
///   found: of the matched trip, or before a match of the run the train is least late for (the
///   next to leave, where runs start).
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
  /// How early a train may be found at a station against its trip's arrival there (seconds): as
  /// it pulls in, before it stands still, by beacon or GPS. Earlier, it is another trip's train.
  public static let earliness = 60

  /// A run's call at a station: arrival and departure, seconds of its service day.
  struct Call {
    var arrival: Int32
    var departure: Int32
    /// The run starts here: its train may stand at the platform long before it leaves.
    var startsRun: Bool
  }

  /// A run that reaches the destination, its calls before it by node, and its arrival there.
  struct RunThere {
    var run: Int32
    var calls: [Int32: Call]
    var arrival: Int32
  }

  /// A run on one service day that calls at the station found: how late the train is for it.
  struct Candidate {
    var there: RunThere
    /// The service day's start (Unix seconds).
    var base: Int64
    var call: Call
    var lateness: Int64

    /// The timetable's time of the call (Unix seconds).
    var scheduled: Int64 { base + Int64(call.arrival) }

    /// Less late, or as late and earlier in the timetable.
    func isBefore(_ other: Candidate) -> Bool { (lateness, scheduled) < (other.lateness, other.scheduled) }
  }

  /// The trip the rider is on, once matched.
  struct Boarded {
    var there: RunThere
    var base: Int64
    /// Its lateness and arrival (seconds of its service day) at the last station that agreed.
    var lateness: Int64
    var arrival: Int32
    /// Whether the last station found disagreed with it.
    var wasOff: Bool
  }

  public let timetable: Timetable
  let origin: Int32?
  let runsThere: [RunThere]
  /// When the rider was found on the journey's first platform (Unix seconds).
  private var onPlatform: Int64?
  /// The last station found on the train, with when.
  private var lastFound: (node: Int32, time: Int64)?
  private var boarded: Boarded?

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
          calls[hop.from] = Call(
            arrival: previousArrival ?? hop.departure, departure: hop.departure, startsRun: previousArrival == nil)
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
    if lastFound == nil, node == origin {
      if onPlatform == nil { onPlatform = time }
      return departures(from: node, at: time, days: days)
    }
    let previous = lastFound
    lastFound = (node, time)
    let candidates = candidates(at: node, time: time, days: days)
    var rematch = false
    if var boarded {
      // Its call here, when the station is still on its way.
      if let call = boarded.there.calls[node], call.arrival >= boarded.arrival {
        let lateness = time - (boarded.base + Int64(call.arrival))
        if lateness >= -Int64(Self.earliness),
          lateness - boarded.lateness <= headway(of: boarded, call: call, among: candidates)
        {
          boarded.lateness = lateness
          boarded.arrival = call.arrival
          boarded.wasOff = false
          self.boarded = boarded
          return estimate(boarded.there, base: boarded.base, lateness: lateness, delay: lateness)
        }
        if !boarded.wasOff {
          // One station off: a long stop perhaps; the rider is still taken to be on it.
          boarded.wasOff = true
          self.boarded = boarded
          return estimate(boarded.there, base: boarded.base, lateness: lateness, delay: lateness)
        }
      } else if !boarded.wasOff {
        boarded.wasOff = true
        self.boarded = boarded
        return unmatched(time: time, candidates: candidates)
      }
      // Two stations in a row off the trip: another train (the rider changed, or was never on it).
      self.boarded = nil
      rematch = true
    }
    if let previous, previous.node != node,
      let match = match(
        from: previous, at: node, time: time, candidates: candidates, platform: rematch ? nil : onPlatform)
    {
      boarded = Boarded(
        there: match.there, base: match.base, lateness: match.lateness, arrival: match.call.arrival, wasOff: false)
      return estimate(match.there, base: match.base, lateness: match.lateness, delay: match.lateness)
    }
    return unmatched(time: time, candidates: candidates)
  }

  /// On the platform: the runs leaving after now, soonest first.
  private func departures(from node: Int32, at time: Int64, days: [TimetableServiceDay]) -> Estimate? {
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

  /// The runs of `days` calling at `node` on their way to the destination, with the train found
  /// there at `time` within two hours of them either way (a train, not a timetable from another
  /// part of the day).
  private func candidates(at node: Int32, time: Int64, days: [TimetableServiceDay]) -> [Candidate] {
    var candidates: [Candidate] = []
    for there in runsThere {
      guard let call = there.calls[node] else { continue }
      for day in days where day.runs(there.run, in: timetable) {
        let lateness = time - (day.base + Int64(call.arrival))
        guard abs(lateness) <= 7200 else { continue }
        // Standing where its run starts before it leaves: it leaves on time.
        candidates.append(
          Candidate(there: there, base: day.base, call: call, lateness: call.startsRun ? max(0, lateness) : lateness))
      }
    }
    return candidates
  }

  /// The run the train found at `previous` and then at `node` at `time` is: of the candidates
  /// calling at both in order, not early at either and agreeing on the lateness, the first to
  /// leave the journey's first platform at or after `platform` (when the rider was found there),
  /// else the least late. Found where the run starts, the train had not left by then: it is at
  /// least that late further on, whatever it was before.
  private func match(
    from previous: (node: Int32, time: Int64), at node: Int32, time: Int64, candidates: [Candidate], platform: Int64?
  ) -> Candidate? {
    let earliness = Int64(Self.earliness)
    let fitting = candidates.filter { candidate in
      guard let before = candidate.there.calls[previous.node], before.arrival <= candidate.call.arrival else {
        return false
      }
      let latenessBefore = previous.time - (candidate.base + Int64(before.arrival))
      let tolerance = Int64(Self.matchTolerance)
      guard candidate.lateness >= -earliness else { return false }
      if before.startsRun { return candidate.lateness >= latenessBefore - tolerance }
      return latenessBefore >= -earliness && abs(candidate.lateness - latenessBefore) <= tolerance
    }
    if let platform, let origin {
      // The first train to leave after the rider reached the platform.
      let leavingAfter = fitting.compactMap { candidate -> (departure: Int64, candidate: Candidate)? in
        guard let call = candidate.there.calls[origin] else { return nil }
        let departure = candidate.base + Int64(call.departure)
        return departure >= platform ? (departure, candidate) : nil
      }
      if let first = leavingAfter.min(by: { $0.departure < $1.departure }) { return first.candidate }
    }
    return fitting.min { $0.isBefore($1) }
  }

  /// How much later than at the last station that agreed the boarded trip may be found at `call`
  /// and still be the rider's: the gap there to the nearest other run of the candidates.
  private func headway(of boarded: Boarded, call: Call, among candidates: [Candidate]) -> Int64 {
    let arrival = boarded.base + Int64(call.arrival)
    var gap = Int64.max
    for candidate in candidates where candidate.there.run != boarded.there.run || candidate.base != boarded.base {
      let other = abs(candidate.base + Int64(candidate.call.arrival) - arrival)
      if other > 0 { gap = min(gap, other) }
    }
    return gap
  }

  /// Before a match (or off it): the run the train is least late for, not early; else the nearest.
  private func unmatched(time: Int64, candidates: [Candidate]) -> Estimate? {
    let earliness = Int64(Self.earliness)
    let chosen =
      candidates.filter { $0.lateness >= -earliness }.min { $0.isBefore($1) }
      ?? candidates.min { abs($0.lateness) < abs($1.lateness) }
    guard let chosen else { return nil }
    return estimate(chosen.there, base: chosen.base, lateness: chosen.lateness, delay: nil)
  }

  /// The estimate on `there` run on the service day from `base`, `lateness` late: as late at the
  /// destination.
  private func estimate(_ there: RunThere, base: Int64, lateness: Int64, delay: Int64?) -> Estimate {
    Estimate(
      eta: base + Int64(there.arrival) + lateness, delay: delay.map { Int($0) }, trip: trip(of: there.run),
      nextDepartures: [])
  }

  private func trip(of run: Int32) -> Int { Int(timetable.runs[Int(run)].trip) }
}
