import TransitFeeds

/// A feed's timetable for planning: every trip as connections (one train from one station to the
/// next, leaving and arriving at its times), sorted by departure, as the connection scan algorithm
/// reads them (Dibbelt, Pajor, Strasser, Wagner: "Connection Scan Algorithm", 2018).
///
/// - Stations: each stop counts as its station (``TransitFeeds/Feed/stations``); a trip's stop
///   under no station is passed through. Two stops of one station in a row are one stop there.
/// - Times: a stop without times takes them by linear interpolation between the timed stops
///   around it (by position); a stop with one of its two times has it for both.
/// - `frequencies.txt`: a trip with rows runs its pattern (its stop times, shifted) from each
///   row's `start_time`, every `headway_secs`, before `end_time`; `exact_times` 0 is taken as
///   those times too (the feed promises only the headway).
/// - Walks and changes: ``StationWalks``.
public struct Timetable: Sendable {
  /// The feed, for the names of what ``plan(from:to:at:)`` finds.
  public let feed: Feed
  /// Where the feed's times are.
  public let timeZone: AgencyTimeZone

  struct Connection {
    var departure: Int32
    var arrival: Int32
    var from: Int32
    var to: Int32
    var run: Int32
    /// Its place in its run: 0 from the first station, then 1, 2, …
    var hop: Int32
  }

  /// One running of a trip: the trip, and by how many seconds its stop times are shifted (non-zero
  /// only for a frequency-based trip).
  struct TripRun {
    var trip: Int32
    var shift: Int32
  }

  struct Walk {
    var to: Int32
    var seconds: Int32
  }

  /// Each node's station (an index into the feed's stops).
  let stations: [Int]
  /// Each stop's node (its station's), for a station and for each stop under one: a stop joined
  /// to a namesake (``TransitFeeds/Feed/joiningNearbyNamesakes()``) is found as its station.
  let node: [Int: Int32]
  /// Sorted by departure; of two with the same departure, one trip's in the order it runs them.
  var connections: [Connection]
  var runs: [TripRun]
  /// Each run's connections in the order it runs them: `connections[runHops[i]]` for `i` in
  /// `runStart[run]..<runStart[run + 1]`.
  var runHops: [Int32]
  var runStart: [Int32]
  /// The runs a realtime feed moved or cancelled, on the service day (its start) it did:
  /// ``withLiveUpdates(_:near:)``. Empty for the timetable of a feed alone.
  var liveRunDays: [Int32: LiveRunDay] = [:]
  /// For each node, the walks from it.
  let walks: [[Walk]]
  /// For each node, the time to change trains there.
  let changeSeconds: [Int32]

  /// At most this many connections: a feed whose frequencies would make more is refused.
  public static let connectionLimit = 20_000_000

  /// The timetable of `feed`'s routes of `routeTypes` (`nil`: every one).
  /// Stops standing alone that share a name near each other are one station, as in
  /// ``FeedNetwork`` (``TransitFeeds/Feed/joiningNearbyNamesakes()``).
  public init(feed: Feed, routeTypes: Set<Int>? = nil) throws(TimetableProblem) {
    let feed = feed.joiningNearbyNamesakes()
    do {
      timeZone = try feed.agencyTimeZone()
    } catch {
      throw .timeZone(error)
    }
    self.feed = feed
    var stations: [Int] = []
    var node: [Int: Int32] = [:]
    var nodeOfStop = [Int32](repeating: -1, count: feed.stops.count)
    for stop in feed.stops.indices {
      guard let station = feed.station(of: stop) else { continue }
      if let known = node[station] {
        nodeOfStop[stop] = known
      } else {
        node[station] = Int32(stations.count)
        nodeOfStop[stop] = Int32(stations.count)
        stations.append(station)
      }
    }
    for stop in feed.stops.indices where nodeOfStop[stop] >= 0 { node[stop] = nodeOfStop[stop] }
    var frequencies: [Int: [Frequency]] = [:]
    for frequency in feed.frequencies { frequencies[frequency.trip, default: []].append(frequency) }

    var unsorted: [Connection] = []
    var runs: [TripRun] = []
    var runStart: [Int32] = [0]
    for trip in feed.trips.indices where routeTypes?.contains(feed.routes[feed.trips[trip].route].type) ?? true {
      let visits = Self.visits(of: feed.stopTimes(ofTrip: trip), nodeOfStop: nodeOfStop)
      guard visits.count >= 2, let base = visits.first?.departure else { continue }
      var shifts: [Int] = []
      if let rows = frequencies[trip] {
        for row in rows {
          var start = Int(row.start.seconds)
          while start < Int(row.end.seconds) {
            shifts.append(start - Int(base))
            start += row.headwaySeconds
          }
        }
      } else {
        shifts = [0]
      }
      guard unsorted.count + shifts.count * (visits.count - 1) <= Self.connectionLimit else {
        throw .tooLarge(limit: Self.connectionLimit)
      }
      for shift in shifts {
        // The last arrival, shifted, must stay a 32-bit time: a run past it is left out.
        guard let last = visits.last, Int32(exactly: Int(last.arrival) + shift) != nil,
          let shift32 = Int32(exactly: shift), Int(base) + shift >= 0
        else { continue }
        let run = Int32(runs.count)
        runs.append(TripRun(trip: Int32(trip), shift: shift32))
        for hop in 0..<(visits.count - 1) {
          unsorted.append(
            Connection(
              departure: visits[hop].departure + shift32, arrival: visits[hop + 1].arrival + shift32,
              from: visits[hop].node, to: visits[hop + 1].node, run: run, hop: Int32(hop)))
        }
        runStart.append(Int32(unsorted.count))
      }
    }
    // By departure, then as generated: a run's hops keep their order, zero-length ones too.
    var keys = unsorted.indices.map { UInt64(UInt32(bitPattern: unsorted[$0].departure)) << 32 | UInt64($0) }
    keys.sort()
    connections = keys.map { unsorted[Int($0 & 0xFFFF_FFFF)] }
    var runHops = [Int32](repeating: 0, count: keys.count)
    for (sorted, key) in keys.enumerated() { runHops[Int(key & 0xFFFF_FFFF)] = Int32(sorted) }
    self.runHops = runHops
    self.runStart = runStart
    self.runs = runs
    self.stations = stations
    self.node = node

    let stationWalks = StationWalks(feed: feed)
    var walks = [[Walk]](repeating: [], count: stations.count)
    for walk in stationWalks.walks {
      guard let from = node[walk.from], let to = node[walk.to], let seconds = Int32(exactly: walk.seconds) else {
        continue
      }
      walks[Int(from)].append(Walk(to: to, seconds: seconds))
    }
    self.walks = walks
    var changeSeconds = [Int32](repeating: 0, count: stations.count)
    for (station, seconds) in stationWalks.changeSeconds {
      guard let at = node[station] else { continue }
      changeSeconds[Int(at)] = Int32(clamping: seconds)
    }
    self.changeSeconds = changeSeconds
  }

  /// A trip's stations in order with their times, interpolated where the feed gives none.
  private static func visits(of times: ArraySlice<StopTime>, nodeOfStop: [Int32]) -> [(
    node: Int32, arrival: Int32, departure: Int32
  )] {
    let rows = Array(times)
    var timed: [Int] = []
    for (index, row) in rows.enumerated() where row.arrival != nil || row.departure != nil { timed.append(index) }
    var visits: [(node: Int32, arrival: Int32, departure: Int32)] = []
    var nextTimed = 0
    for (index, row) in rows.enumerated() {
      var arrival = row.arrival?.seconds ?? row.departure?.seconds
      var departure = row.departure?.seconds ?? row.arrival?.seconds
      while nextTimed < timed.count && timed[nextTimed] < index { nextTimed += 1 }
      if arrival == nil, nextTimed > 0, nextTimed < timed.count {
        let before = timed[nextTimed - 1]
        let after = timed[nextTimed]
        let from = Int(rows[before].departure?.seconds ?? rows[before].arrival?.seconds ?? 0)
        let to = Int(rows[after].arrival?.seconds ?? rows[after].departure?.seconds ?? 0)
        let time = Int32(clamping: from + (to - from) * (index - before) / (after - before))
        arrival = time
        departure = time
      }
      let node = nodeOfStop[Int(row.stop)]
      guard let arrival, let departure, node >= 0 else { continue }
      if let last = visits.last, last.node == node {
        visits[visits.count - 1].departure = departure
      } else {
        visits.append((node, arrival, departure))
      }
    }
    return visits
  }
}
