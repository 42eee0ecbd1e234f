import TransitFeeds
import TransitRealtime

extension Timetable {
  /// This timetable with the live data of `feeds` (matched to its feed) for planning: each trip a
  /// feed updates runs, on the service day the update is for, at its live times (its stops'
  /// departures and arrivals moved by their delays, as ``TransitRealtime/LiveTrip`` propagates
  /// them), and not at all when cancelled; on other days, as scheduled.
  ///
  /// The day is the update's `start_date` (whatever day it is now), else of the days around `time`
  /// (Unix seconds: now) on which the trip runs, the one whose first departure is nearest `time`. A frequency-based trip
  /// (several runs of one `trip_id`) is left as scheduled.
  public func withLiveUpdates(_ feeds: [MatchedRealtimeFeed], near time: Int64) -> Timetable {
    var runsOfTrip: [Int: [Int32]] = [:]
    for run in runs.indices { runsOfTrip[Int(runs[run].trip), default: []].append(Int32(run)) }
    let date = timeZone.date(atUnixSeconds: time)
    let dates = (-1...1).map { timeZone.date(date, plusDays: $0) }
    var live = self
    var added: [Connection] = []
    var seen: Set<Int> = []
    for trip in feeds.flatMap({ $0.trips.values }) where seen.insert(trip.trip).inserted {
      guard let tripRuns = runsOfTrip[trip.trip], tripRuns.count == 1, let run = tripRuns.first else { continue }
      let hops = Int(runStart[Int(run)])..<Int(runStart[Int(run) + 1])
      guard let first = hops.first.map({ connections[Int(runHops[$0])] }) else { continue }
      let service = feed.trips[trip.trip].service
      let day: ServiceDate?
      if let startDate = trip.startDate {
        day = ServiceDate(gtfs: startDate).flatMap { feed.services[service].runs(on: $0) ? $0 : nil }
      } else {
        day = dates.filter { feed.services[service].runs(on: $0) }.min { a, b in
          abs(timeZone.serviceDayStart(a) + Int64(first.departure) - time)
            < abs(timeZone.serviceDayStart(b) + Int64(first.departure) - time)
        }
      }
      guard let day else { continue }
      let base = timeZone.serviceDayStart(day)
      live.liveRunDays[run] = .except(base)
      guard !trip.isCanceled else { continue }
      let liveRun = Int32(live.runs.count)
      live.runs.append(runs[Int(run)])
      live.liveRunDays[liveRun] = .only(base)
      var position = 0
      for index in hops {
        var connection = connections[Int(runHops[index])]
        let scheduled = { (position: Int, departure: Bool) in
          self.scheduledTime(trip: trip.trip, position: position, departure: departure, base: base)
        }
        let from = self.position(ofStation: stations[Int(connection.from)], inTrip: trip.trip, after: position)
        let to = from.flatMap {
          self.position(ofStation: stations[Int(connection.to)], inTrip: trip.trip, after: $0 + 1)
        }
        let leaving = from.flatMap { trip.prediction(atPosition: $0, departure: true, scheduled: scheduled) }
        let arriving = to.flatMap { trip.prediction(atPosition: $0, departure: false, scheduled: scheduled) }
        position = to ?? position
        connection.departure = Int32(clamping: Int(connection.departure) + (leaving?.delay ?? 0))
        connection.arrival = max(
          connection.departure, Int32(clamping: Int(connection.arrival) + (arriving?.delay ?? leaving?.delay ?? 0)))
        connection.run = liveRun
        added.append(connection)
      }
    }
    guard !added.isEmpty || !live.liveRunDays.isEmpty else { return self }
    // Every run's connections in the order it runs them, the live runs' after, sorted again by
    // departure as the initializer sorts them.
    var unsorted: [Connection] = []
    var newRunStart: [Int32] = [0]
    for run in runs.indices {
      for index in Int(runStart[run])..<Int(runStart[run + 1]) {
        unsorted.append(connections[Int(runHops[index])])
      }
      newRunStart.append(Int32(unsorted.count))
    }
    var cursor = 0
    for run in runs.count..<live.runs.count {
      while cursor < added.count, added[cursor].run == Int32(run) {
        unsorted.append(added[cursor])
        cursor += 1
      }
      newRunStart.append(Int32(unsorted.count))
    }
    var keys = unsorted.indices.map { UInt64(UInt32(bitPattern: unsorted[$0].departure)) << 32 | UInt64($0) }
    keys.sort()
    live.connections = keys.map { unsorted[Int($0 & 0xFFFF_FFFF)] }
    var newRunHops = [Int32](repeating: 0, count: keys.count)
    for (sorted, key) in keys.enumerated() { newRunHops[Int(key & 0xFFFF_FFFF)] = Int32(sorted) }
    live.runHops = newRunHops
    live.runStart = newRunStart
    return live
  }
}

extension ServiceDate {
  /// A GTFS date, `YYYYMMDD`; `nil` when it is not one.
  init?(gtfs text: String) {
    guard text.count == 8, text.allSatisfy(\.isASCII), let number = Int(text) else { return nil }
    let (year, month, day) = (number / 10_000, number / 100 % 100, number % 100)
    guard (1...12).contains(month), (1...31).contains(day) else { return nil }
    self.init(year: year, month: month, day: day)
  }
}
