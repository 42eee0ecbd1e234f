import TransitFeeds

extension Timetable {
  /// The journey from station `origin` to station `destination` (indices into the feed's stops)
  /// that arrives first, leaving at `start` (seconds since 1970-01-01 UTC) or later: trips of the
  /// service days before, of and after `start`'s date in the agency's zone (so trips past
  /// midnight and tomorrow morning's count), each on the days its service runs.
  ///
  /// A change of trains at a station takes its ``StationWalks/changeSeconds`` (none given: no
  /// time, a train leaving the minute another arrives is caught); a walk to another station takes
  /// its time and follows a ride or starts the journey (two walks in a row are not joined). Of
  /// the journeys that arrive first, the one that leaves last (of up to 16 later departures).
  /// `nil` when no trip of those days gets there.
  public func plan(from origin: Int, to destination: Int, at start: Int64) -> TimetableJourney? {
    guard let origin = node[origin], let destination = node[destination] else { return nil }
    func earliest(leaving start: Int64) -> TimetableJourney? {
      var scan = Scan(timetable: self, origin: origin, destination: destination, start: start)
      return scan.journey()
    }
    // Of the journeys that arrive first, the one that leaves last (no night spent at a station
    // for a train one could have boarded in the morning): planned again from just after each
    // departure, while the arrival stays the same, at most `laterDepartureTries` times.
    guard var best = earliest(leaving: start) else { return nil }
    for _ in 0..<Self.laterDepartureTries {
      guard let later = earliest(leaving: best.departure + 1), later.arrival == best.arrival else { break }
      best = later
    }
    return best
  }

  /// How many later departures ``plan(from:to:at:)`` tries for the same arrival.
  static let laterDepartureTries = 16

  /// The first service day after the two that ``plan(from:to:at:)`` searches from `start` on which
  /// a journey from `origin` to `destination` leaves, looking a year ahead; `nil` for none.
  public func nextServiceDay(from origin: Int, to destination: Int, after start: Int64) -> ServiceDate? {
    let date = timeZone.date(atUnixSeconds: start)
    var tried: Set<[Bool]> = []
    for offset in 2...366 {
      let day = timeZone.date(date, plusDays: offset)
      let start = timeZone.serviceDayStart(day)
      let around = serviceDays(around: start + 12 * 3600)
      guard around[1].hasService else { continue }
      // The same services on the three days as a day already tried: the same (lack of) journey.
      guard tried.insert(around.flatMap(\.running)).inserted else { continue }
      if let journey = plan(from: origin, to: destination, at: start) {
        return timeZone.date(atUnixSeconds: journey.departure)
      }
    }
    return nil
  }

  /// The first and last day any service of the feed runs; `nil` when none ever does.
  public var calendarRange: ClosedRange<ServiceDate>? {
    var first: ServiceDate?
    var last: ServiceDate?
    func include(_ date: ServiceDate) {
      first = min(first ?? date, date)
      last = max(last ?? date, date)
    }
    for service in feed.services {
      if let start = service.start, let end = service.end, start <= end, !service.weekdays.isEmpty {
        include(start)
        include(end)
      }
      service.addedDates.forEach(include)
    }
    guard let first, let last else { return nil }
    return first...last
  }
}

/// One run of the connection scan: the earliest arrival at every station from one origin and
/// start time, and how each was reached.
private struct Scan {
  let timetable: Timetable
  let origin: Int32
  let destination: Int32
  let start: Int64

  /// One service day's connections: its start (Unix seconds), the services running on it, and
  /// the next connection to look at.
  struct Day {
    let service: TimetableServiceDay
    var next: Int
  }

  var days: [Day] = []
  /// Reaching a station on a train: when, and the connections where that trip was boarded and left.
  var rideArrival: [Int64]
  var rideBoard: [Int32]
  var rideAlight: [Int32]
  var rideDay: [Int8]
  /// Reaching a station on foot: when, from which station, after how long.
  var walkArrival: [Int64]
  var walkFrom: [Int32]
  var walkSeconds: [Int32]
  /// For each day and run, the connection where it was boarded, or -1.
  var boarded: [Int32]

  init(timetable: Timetable, origin: Int32, destination: Int32, start: Int64) {
    self.timetable = timetable
    self.origin = origin
    self.destination = destination
    self.start = start
    let count = timetable.stations.count
    rideArrival = [Int64](repeating: .max, count: count)
    rideBoard = [Int32](repeating: -1, count: count)
    rideAlight = [Int32](repeating: -1, count: count)
    rideDay = [Int8](repeating: 0, count: count)
    walkArrival = [Int64](repeating: .max, count: count)
    walkFrom = [Int32](repeating: -1, count: count)
    walkSeconds = [Int32](repeating: 0, count: count)
    boarded = [Int32](repeating: -1, count: 3 * timetable.runs.count)
    let connections = timetable.connections
    for day in timetable.serviceDays(around: start) {
      guard day.hasService else {
        days.append(Day(service: day, next: connections.count))
        continue
      }
      // The first connection leaving at `start` or later (binary search).
      var low = 0
      var high = connections.count
      while low < high {
        let middle = (low + high) / 2
        if day.base + Int64(connections[middle].departure) < start { low = middle + 1 } else { high = middle }
      }
      days.append(Day(service: day, next: low))
    }
  }

  mutating func journey() -> TimetableJourney? {
    guard origin != destination else { return nil }
    walkArrival[Int(origin)] = start
    for walk in timetable.walks[Int(origin)] { reachOnFoot(walk, from: origin, at: start) }
    let connections = timetable.connections
    let runs = timetable.runs
    while true {
      // The next connection in time among the three days', on a day its service runs.
      var chosen = -1
      var departure = Int64.max
      for index in days.indices {
        while days[index].next < connections.count {
          if days[index].service.runs(connections[days[index].next].run, in: timetable) { break }
          days[index].next += 1
        }
        guard days[index].next < connections.count else { continue }
        let time = days[index].service.base + Int64(connections[days[index].next].departure)
        if time < departure {
          departure = time
          chosen = index
        }
      }
      let best = min(rideArrival[Int(destination)], walkArrival[Int(destination)])
      guard chosen >= 0, departure < best else { break }
      let index = days[chosen].next
      days[chosen].next += 1
      let connection = connections[index]
      let slot = chosen * runs.count + Int(connection.run)
      if boarded[slot] < 0 {
        guard ready(at: connection.from) <= departure else { continue }
        boarded[slot] = Int32(index)
      }
      let arrival = days[chosen].service.base + Int64(connection.arrival)
      let to = Int(connection.to)
      guard arrival < rideArrival[to] else { continue }
      rideArrival[to] = arrival
      rideBoard[to] = boarded[slot]
      rideAlight[to] = Int32(index)
      rideDay[to] = Int8(chosen)
      for walk in timetable.walks[to] { reachOnFoot(walk, from: connection.to, at: arrival) }
    }
    return legs()
  }

  /// When a train can be boarded at `station`: on foot there, or off a train and changed.
  private func ready(at station: Int32) -> Int64 {
    let index = Int(station)
    let byTrain =
      rideArrival[index] == .max ? Int64.max : rideArrival[index] + Int64(timetable.changeSeconds[index])
    return min(walkArrival[index], byTrain)
  }

  private mutating func reachOnFoot(_ walk: Timetable.Walk, from station: Int32, at time: Int64) {
    let arrival = time + Int64(walk.seconds)
    let index = Int(walk.to)
    guard arrival < walkArrival[index] else { return }
    walkArrival[index] = arrival
    walkFrom[index] = station
    walkSeconds[index] = walk.seconds
  }

  /// The legs to the destination, followed back from it.
  private func legs() -> TimetableJourney? {
    let target = Int(destination)
    guard min(rideArrival[target], walkArrival[target]) < .max else { return nil }
    let connections = timetable.connections
    let feed = timetable.feed
    var legs: [TimetableJourney.Leg] = []
    var at = destination
    var onFoot = walkArrival[target] < rideArrival[target]
    // Each step goes back to an earlier leg; more steps than stations twice over would be a loop.
    for _ in 0...(2 * timetable.stations.count + 2) {
      let index = Int(at)
      if onFoot {
        let from = walkFrom[index]
        guard from >= 0 else { break }
        legs.append(
          .walk(
            TimetableJourney.Walk(
              from: timetable.stations[Int(from)], to: timetable.stations[index],
              departure: walkArrival[index] - Int64(walkSeconds[index]), arrival: walkArrival[index])))
        guard from != origin else { return journey(legs.reversed()) }
        at = from
        onFoot = false
      } else {
        guard rideBoard[index] >= 0 else { return nil }
        let board = connections[Int(rideBoard[index])]
        let alight = connections[Int(rideAlight[index])]
        let base = days[Int(rideDay[index])].service.base
        let run = timetable.runs[Int(board.run)]
        let departure = base + Int64(board.departure)
        legs.append(
          .ride(
            TimetableJourney.Ride(
              route: feed.trips[Int(run.trip)].route, trip: Int(run.trip), from: timetable.stations[Int(board.from)],
              to: timetable.stations[Int(alight.to)], departure: departure, arrival: base + Int64(alight.arrival),
              stops: Int(alight.hop - board.hop) + 1, source: timetable.isLiveRun(board.run) ? .realtime : .schedule)))
        guard board.from != origin else { return journey(legs.reversed()) }
        at = board.from
        onFoot = walkArrival[Int(at)] <= departure
      }
    }
    return nil
  }

  /// The journey of `legs`, a first walk leaving just in time for the train after it.
  private func journey(_ legs: [TimetableJourney.Leg]) -> TimetableJourney {
    var legs = legs
    if legs.count >= 2, case .walk(var walk) = legs[0] {
      let slack = legs[1].departure - walk.arrival
      walk.departure += slack
      walk.arrival += slack
      legs[0] = .walk(walk)
    }
    return TimetableJourney(legs: legs)
  }
}
