import BeaconTestSupport
import Foundation
import Testing
import TransitFeeds
import TransitNetworks

/// Planning by the timetable, checked against a brute-force search: every connection of the three
/// service days around the start, made here from the feed's rows by the GTFS reference's rules,
/// and every connection reachable from the origin found by a breadth-first search over them (stay
/// on the train, change at a station, walk), with no earliest-arrival labels.
@Suite("Planning by the timetable")
struct TimetablePlanTests {
  /// A train from one station to the next, at absolute times (Unix seconds).
  struct Hop {
    var from: String
    var to: String
    var departure: Int64
    var arrival: Int64
    /// The trip's run on its day: the same for every hop of it.
    var run: String
    var hop: Int
  }

  /// Midnight-ish start of a service day as the reference defines it (noon minus 12 h), by
  /// Foundation's calendar, not by the code under test.
  static func serviceDayStart(_ year: Int, _ month: Int, _ day: Int, zone: String) throws -> Int64 {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: zone))
    let noon = try #require(calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)))
    return Int64(noon.timeIntervalSince1970) - 12 * 3600
  }

  /// Every hop of the feed's trips on the day starting at `dayStart` whose services run on `date`.
  static func hops(of feed: Feed, on date: ServiceDate, dayStart: Int64, tag: String) -> [Hop] {
    var hops: [Hop] = []
    func stationName(_ stop: Int32) -> String {
      let stop = feed.stops[Int(stop)]
      return stop.parentStation.map { feed.stops[$0].id } ?? stop.id
    }
    for (index, trip) in feed.trips.enumerated() where feed.services[trip.service].runs(on: date) {
      let rows = Array(feed.stopTimes(ofTrip: index))
      // Times where given; a stop without them halfway (by position) between the timed ones around it.
      var times: [(arrival: Int, departure: Int)] = []
      for (position, row) in rows.enumerated() {
        if let arrival = row.arrival ?? row.departure, let departure = row.departure ?? row.arrival {
          times.append((Int(arrival.seconds), Int(departure.seconds)))
          continue
        }
        let before = rows[..<position].lastIndex { $0.departure != nil } ?? 0
        let after = rows[(position + 1)...].firstIndex { $0.arrival != nil } ?? position
        let from = Int(rows[before].departure?.seconds ?? 0)
        let to = Int(rows[after].arrival?.seconds ?? 0)
        let time = from + (to - from) * (position - before) / (after - before)
        times.append((time, time))
      }
      var shifts = [0]
      let frequencies = feed.frequencies.filter { $0.trip == index }
      if !frequencies.isEmpty {
        shifts = frequencies.flatMap { row in
          stride(from: Int(row.start.seconds), to: Int(row.end.seconds), by: row.headwaySeconds).map {
            $0 - times[0].departure
          }
        }
      }
      for shift in shifts {
        for position in 0..<(rows.count - 1) {
          hops.append(
            Hop(
              from: stationName(rows[position].stop), to: stationName(rows[position + 1].stop),
              departure: dayStart + Int64(times[position].departure + shift),
              arrival: dayStart + Int64(times[position + 1].arrival + shift), run: "\(tag)/\(trip.id)/\(shift)",
              hop: position))
        }
      }
    }
    return hops
  }

  /// The earliest arrival at each station from `origin` leaving at `start`, by breadth-first search
  /// over `hops`: a hop can be taken after the hop before it on the same run, or after arriving at
  /// its station and changing (or walking there) in time, or from the origin at `start` or later.
  static func bruteForce(
    _ hops: [Hop], from origin: String, at start: Int64, change: [String: Int],
    walks: [(from: String, to: String, seconds: Int)]
  ) -> [String: Int64] {
    // Each station's hops by departure, and each hop's next on its run, as indices.
    var leaving: [String: [Int]] = [:]
    for index in hops.indices { leaving[hops[index].from, default: []].append(index) }
    for station in leaving.keys { leaving[station]?.sort { hops[$0].departure < hops[$1].departure } }
    var position: [String: Int] = [:]
    for index in hops.indices { position["\(hops[index].run)#\(hops[index].hop)"] = index }
    var reached = [Bool](repeating: false, count: hops.count)
    var queue: [Int] = []
    func enter(_ station: String, readyAt time: Int64, exceptRun run: String?) {
      for index in leaving[station] ?? []
      where !reached[index] && hops[index].departure >= time && hops[index].run != run {
        reached[index] = true
        queue.append(index)
      }
    }
    var arrival: [String: Int64] = [origin: start]
    enter(origin, readyAt: start, exceptRun: nil)
    for walk in walks where walk.from == origin {
      arrival[walk.to] = min(arrival[walk.to] ?? .max, start + Int64(walk.seconds))
      enter(walk.to, readyAt: start + Int64(walk.seconds), exceptRun: nil)
    }
    while let index = queue.popLast() {
      let hop = hops[index]
      arrival[hop.to] = min(arrival[hop.to] ?? .max, hop.arrival)
      if let next = position["\(hop.run)#\(hop.hop + 1)"], !reached[next] {
        reached[next] = true
        queue.append(next)
      }
      enter(hop.to, readyAt: hop.arrival + Int64(change[hop.to] ?? 0), exceptRun: hop.run)
      for walk in walks where walk.from == hop.to {
        arrival[walk.to] = min(arrival[walk.to] ?? .max, hop.arrival + Int64(walk.seconds))
        enter(walk.to, readyAt: hop.arrival + Int64(walk.seconds), exceptRun: nil)
      }
    }
    return arrival
  }

  /// The holiday Friday (weekend services), the Sunday clocks go forward (its times counted from
  /// noon minus 12 h: 23:00 the evening before, local time), and the Monday after it.
  @Test(arguments: [27, 29, 30])
  func theEarliestArrivalIsTheBruteForceSearchsOnEveryPairAndStartTime(day: Int) throws {
    let directory = try TemporaryDirectory(files: TwoLinesAndAWalkFeed.files)
    defer { directory.remove() }
    let feed = try Feed.load(from: directory.url.path)
    let timetable = try Timetable(feed: feed)
    let zone = TwoLinesAndAWalkFeed.timeZone
    // The three service days around the start: yesterday's trips past midnight, tomorrow's.
    var hops: [Hop] = []
    for shift in -1...1 {
      let date = ServiceDate(year: 2026, month: 3, day: day + shift)
      hops += Self.hops(
        of: feed, on: date, dayStart: try Self.serviceDayStart(2026, 3, day + shift, zone: zone), tag: "\(shift)")
    }
    let dayStart = try Self.serviceDayStart(2026, 3, day, zone: zone)
    var checked = 0
    var found = 0
    // Every 97 minutes through the day, and around midnight and the last trains.
    let offsets = Array(stride(from: 0, to: 86_400, by: 97 * 60)) + [23 * 3600 + 50 * 60, 23 * 3600 + 59 * 60 + 30]
    for offset in offsets {
      let start = dayStart + Int64(offset)
      for origin in TwoLinesAndAWalkFeed.stations {
        let expected = Self.bruteForce(
          hops, from: origin, at: start, change: TwoLinesAndAWalkFeed.changeSeconds, walks: TwoLinesAndAWalkFeed.walks)
        for destination in TwoLinesAndAWalkFeed.stations where destination != origin {
          let from = try #require(feed.stop(id: origin))
          let to = try #require(feed.stop(id: destination))
          let journey = timetable.plan(from: from, to: to, at: start)
          checked += 1
          guard let arrival = expected[destination] else {
            #expect(journey == nil, "\(origin) → \(destination) at \(start): none by brute force")
            continue
          }
          found += 1
          #expect(journey?.arrival == arrival, "\(origin) → \(destination) at \(start)")
          if let journey { try Self.checkLegs(of: journey, in: feed, from: origin, to: destination, after: start) }
        }
      }
    }
    #expect(checked == offsets.count * 42)
    // Most pairs are reachable on most starts; G only at weekends.
    #expect(found > checked / 2)
  }

  /// The legs chain up: each starts where and after the one before ended (with the change time
  /// between two trains), each ride is its trip's own times, each walk the feed's.
  static func checkLegs(
    of journey: TimetableJourney, in feed: Feed, from origin: String, to destination: String, after start: Int64
  )
    throws
  {
    var at = origin
    var time = start
    var lastWasRide = false
    #expect(journey.departure >= start)
    for leg in journey.legs {
      switch leg {
      case .ride(let ride):
        #expect(feed.stops[ride.from].id == at)
        let change = lastWasRide ? Int64(TwoLinesAndAWalkFeed.changeSeconds[at] ?? 0) : 0
        #expect(ride.departure >= time + change, "\(journey)")
        #expect(ride.arrival > ride.departure)
        at = feed.stops[ride.to].id
        time = ride.arrival
        lastWasRide = true
      case .walk(let walk):
        let way = try #require(
          TwoLinesAndAWalkFeed.walks.first { $0.from == feed.stops[walk.from].id && $0.to == feed.stops[walk.to].id })
        #expect(feed.stops[walk.from].id == at)
        #expect(walk.departure >= time)
        #expect(walk.seconds == way.seconds)
        at = way.to
        time = walk.arrival
        lastWasRide = false
      }
    }
    #expect(at == destination)
    #expect(time == journey.arrival)
  }

  @Test func theFeedsTimeZoneSetsTheTimesWhateverTheMachinesZone() throws {
    let directory = try TemporaryDirectory(files: TwoLinesAndAWalkFeed.files)
    defer { directory.remove() }
    let feed = try Feed.load(from: directory.url.path)
    let timetable = try Timetable(feed: feed)
    // Monday 2026-03-30, 08:00 in Berlin (summer time, +02:00) is 06:00 UTC. L1 leaves A at
    // 08:00 and reaches D at 08:20.
    let start = try Self.serviceDayStart(2026, 3, 30, zone: "Europe/Berlin") + 8 * 3600
    let a = try #require(feed.stop(id: "A"))
    let d = try #require(feed.stop(id: "D"))
    let journey = try #require(timetable.plan(from: a, to: d, at: start))
    #expect(journey.departure == start)
    #expect(journey.arrival == start + 20 * 60)
    #expect(timetable.timeZone.utcOffset(atUnixSeconds: start) == 7200)
  }

  @Test func aJourneyThatWalksNamesTheWalkAndItsTime() throws {
    let directory = try TemporaryDirectory(files: TwoLinesAndAWalkFeed.files)
    defer { directory.remove() }
    let feed = try Feed.load(from: directory.url.path)
    let timetable = try Timetable(feed: feed)
    // Saturday 2026-03-28 06:30: L1 from A at 06:30 reaches D at 06:50; the walk to F (7 min) is
    // there at 06:57, L3 leaves F at 07:05 for G (07:14). Through C (06:42, ready 06:44), L2's
    // 06:53 reaches F at 07:04, ready for L3 at 07:06: too late for the 07:05.
    let start = try Self.serviceDayStart(2026, 3, 28, zone: "Europe/Berlin") + 6 * 3600 + 30 * 60
    let a = try #require(feed.stop(id: "A"))
    let g = try #require(feed.stop(id: "G"))
    let journey = try #require(timetable.plan(from: a, to: g, at: start))
    #expect(journey.arrival == start + 44 * 60)
    let walk = try #require(
      journey.legs.compactMap { if case .walk(let walk) = $0 { walk } else { nil } }.first)
    #expect(feed.stops[walk.from].id == "D" && feed.stops[walk.to].id == "F" && walk.seconds == 420)
    #expect(journey.legs.count == 3)
  }

  @Test func noTripOnTheDaysSearchedNamesTheNextDayWithOne() throws {
    let directory = try TemporaryDirectory(files: TwoLinesAndAWalkFeed.files)
    defer { directory.remove() }
    let feed = try Feed.load(from: directory.url.path)
    let timetable = try Timetable(feed: feed)
    let g = try #require(feed.stop(id: "G"))
    let a = try #require(feed.stop(id: "A"))
    // L3 runs at weekends (and on the holiday, Friday 27 March): from Monday 23 March 00:00, the
    // days searched are Sunday night to Tuesday, then Friday the 27th is the next with a trip.
    let monday = try Self.serviceDayStart(2026, 3, 23, zone: "Europe/Berlin") + 60
    #expect(timetable.plan(from: g, to: a, at: monday) == nil)
    #expect(timetable.nextServiceDay(from: g, to: a, after: monday) == ServiceDate(year: 2026, month: 3, day: 27))
    // After the calendar ends, none.
    let late = try Self.serviceDayStart(2027, 1, 5, zone: "Europe/Berlin")
    #expect(timetable.nextServiceDay(from: g, to: a, after: late) == nil)
    #expect(
      timetable.calendarRange == ServiceDate(year: 2026, month: 1, day: 1)...ServiceDate(year: 2026, month: 12, day: 31)
    )
  }
}
