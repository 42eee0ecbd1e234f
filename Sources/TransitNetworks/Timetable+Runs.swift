import TransitFeeds

/// A trip of a timetable as it ran on one service day, at the stations asked about.
public struct ScheduledRun: Hashable, Sendable {
  /// A call at a station: when the train arrives and leaves (Unix seconds).
  public struct Call: Hashable, Sendable {
    /// The station: an index into the feed's stops.
    public let station: Int
    public let arrival: Int64
    public let departure: Int64
  }

  /// The trip: an index into the feed's trips.
  public let trip: Int
  /// Its calls at the stations asked about, in the order it makes them.
  public let calls: [Call]
}

extension Timetable {
  /// The trips that call at two or more of `asked` stations (indices into the feed's stops), one of
  /// those calls between `start` and `end` (Unix seconds), on each service day they run; in order
  /// of their first call, at most `limit` (the earliest).
  ///
  /// Reads every connection once: for drawing a ride's timetable, not for every report.
  public func runs(callingAt asked: [Int], from start: Int64, to end: Int64, limit: Int = 200) -> [ScheduledRun] {
    let nodes = Set(asked.compactMap { node[$0] })
    guard nodes.count >= 2, start <= end, limit > 0 else { return [] }
    var days: [TimetableServiceDay] = []
    for day in serviceDays(around: start) + serviceDays(around: end)
    where !days.contains(where: { $0.base == day.base }) {
      days.append(day)
    }
    var found: [ScheduledRun] = []
    for run in runs.indices {
      // The run's calls at the nodes asked about, in seconds of its service day.
      var calls: [(node: Int32, arrival: Int32, departure: Int32)] = []
      var previousArrival: Int32?
      let hops = Int(runStart[run])..<Int(runStart[run + 1])
      for index in hops {
        let hop = connections[Int(runHops[index])]
        if nodes.contains(hop.from) { calls.append((hop.from, previousArrival ?? hop.departure, hop.departure)) }
        previousArrival = hop.arrival
        if index == hops.upperBound - 1, nodes.contains(hop.to) { calls.append((hop.to, hop.arrival, hop.arrival)) }
      }
      guard calls.count >= 2 else { continue }
      for day in days where day.runs(Int32(run), in: self) {
        let timed = calls.map { call in
          ScheduledRun.Call(
            station: stations[Int(call.node)], arrival: day.base + Int64(call.arrival),
            departure: day.base + Int64(call.departure))
        }
        guard timed.contains(where: { $0.arrival <= end && $0.departure >= start }) else { continue }
        found.append(ScheduledRun(trip: Int(runs[run].trip), calls: timed))
      }
    }
    found.sort { ($0.calls.first?.arrival ?? 0) < ($1.calls.first?.arrival ?? 0) }
    return Array(found.prefix(limit))
  }
}
