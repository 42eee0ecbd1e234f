import TransitFeeds

/// A departure from one station towards another, with the trip that makes it.
struct TimetableDeparture {
  /// An index into the feed's trips.
  var trip: Int
  /// The start of its service day (Unix seconds).
  var serviceDay: Int64
  /// The start of its service day (Unix seconds) plus its run's shift: a stop time's seconds
  /// added to it are that stop's scheduled time.
  var base: Int64
  /// When it leaves the station and reaches the other (Unix seconds), as scheduled.
  var departure: Int64
  var arrival: Int64
}

extension Timetable {
  /// The runs from station `origin` to station `destination` (indices into the feed's stops) that
  /// leave on the service days around `time`, from `earliest` on; unsorted.
  func departures(from origin: Int, to destination: Int, around time: Int64, from earliest: Int64)
    -> [TimetableDeparture]
  {
    guard let from = node[origin], let to = node[destination] else { return [] }
    var found: [TimetableDeparture] = []
    let days = serviceDays(around: time)
    for run in runs.indices {
      var departure: Int32?
      for index in Int(runStart[run])..<Int(runStart[run + 1]) {
        let hop = connections[Int(runHops[index])]
        if departure == nil, hop.from == from { departure = hop.departure }
        guard let leaves = departure, hop.to == to else { continue }
        for day in days where day.runs(Int32(run), in: self) && day.base + Int64(leaves) >= earliest {
          found.append(
            TimetableDeparture(
              trip: Int(runs[run].trip), serviceDay: day.base, base: day.base + Int64(runs[run].shift),
              departure: day.base + Int64(leaves),
              arrival: day.base + Int64(hop.arrival)))
        }
        break
      }
    }
    return found
  }

  /// The scheduled time (Unix seconds) of `trip`'s stop time at `position` on a day starting at
  /// `base`: its departure or arrival (the other when it gives one only).
  func scheduledTime(trip: Int, position: Int, departure: Bool, base: Int64) -> Int64? {
    let times = feed.stopTimes(ofTrip: trip)
    guard times.indices.contains(times.startIndex + position) else { return nil }
    let time = times[times.startIndex + position]
    let chosen = departure ? (time.departure ?? time.arrival) : (time.arrival ?? time.departure)
    return chosen.map { base + Int64($0.seconds) }
  }

  /// The position (0: first) in `trip`'s stop times of its first call at `station`, at or after `after`.
  func position(ofStation station: Int, inTrip trip: Int, after: Int = 0) -> Int? {
    let times = feed.stopTimes(ofTrip: trip)
    return times.indices.dropFirst(after).first { feed.station(of: Int(times[$0].stop)) == station }
      .map { $0 - times.startIndex }
  }
}
