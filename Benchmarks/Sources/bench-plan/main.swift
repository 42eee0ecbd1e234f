import TransitFeeds
import TransitNetworks

// bench-plan FEED [--queries N] [--seed S]: how long a plan by the timetable takes once a feed is
// loaded (issue 25: ≤ 50 ms). Loads FEED (Feed.load, as --gtfs does), builds its Timetable, then
// plans N journeys between random pairs of its stations at random times from 05:00 to 22:00 on
// the first weekday (Monday to Friday) its calendar runs every service on, as `beacon-ride --gtfs
// FEED --plan` does (Timetable.plan, with its later-departure tries). Prints one JSON object: the
// load and build times, and the plans' median, 95th percentile and slowest times in milliseconds,
// with how many found a journey. Seeded (a 64-bit LCG): the same queries every run.
#if canImport(Glibc)
  import Glibc
#endif

func seconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

var arguments = Array(CommandLine.arguments.dropFirst())
var queries = 200
var seed: UInt64 = 20_261_127
var feedPath: String?
while let argument = arguments.first {
  arguments.removeFirst()
  switch argument {
  case "--queries":
    queries = arguments.first.flatMap { Int($0) } ?? queries
    arguments = Array(arguments.dropFirst())
  case "--seed":
    seed = arguments.first.flatMap { UInt64($0) } ?? seed
    arguments = Array(arguments.dropFirst())
  default: feedPath = argument
  }
}
guard let feedPath else {
  print("usage: bench-plan FEED [--queries N] [--seed S]")
  exit(64)
}

/// A 64-bit linear congruential generator (Knuth's MMIX constants).
struct Random {
  var state: UInt64
  mutating func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }
}

func run(feedPath: String, queries: Int, seed: UInt64) {
  let loadStart = seconds()
  let feed: Feed
  do { feed = try Feed.load(from: feedPath) } catch {
    print("bench-plan: \(feedPath): \(error)")
    exit(65)
  }
  let buildStart = seconds()
  let timetable: Timetable
  do { timetable = try Timetable(feed: feed) } catch {
    print("bench-plan: \(feedPath): \(error)")
    exit(65)
  }
  let built = seconds()

  // A weekday on which the most services run: the calendar's first Monday to Friday in range.
  guard let range = timetable.calendarRange else {
    print("bench-plan: no service runs on any day")
    exit(65)
  }
  let zone = timetable.timeZone
  var day = range.lowerBound
  var best = (day, -1)
  for _ in 0..<14 {
    let running = feed.services.filter { $0.runs(on: day) }.count
    if day.weekday.rawValue < 5, running > best.1 { best = (day, running) }
    day = zone.date(day, plusDays: 1)
  }
  let dayStart = zone.serviceDayStart(best.0)

  // Stations that trips call at.
  var served = Set<Int>()
  for time in feed.stopTimes { if let station = feed.station(of: Int(time.stop)) { served.insert(station) } }
  let stations = feed.stations.filter { served.contains($0) }

  var random = Random(state: seed)
  var times: [Double] = []
  var found = 0
  for _ in 0..<queries {
    let from = stations[random.next(stations.count)]
    var to = stations[random.next(stations.count)]
    while to == from && stations.count > 1 { to = stations[random.next(stations.count)] }
    let start = dayStart + Int64(5 * 3600 + random.next(17 * 3600))
    let before = seconds()
    let journey = timetable.plan(from: from, to: to, at: start)
    times.append((seconds() - before) * 1000)
    if journey != nil { found += 1 }
  }
  times.sort()
  let sortedTimes = times
  func percentile(_ fraction: Double) -> Double {
    sortedTimes[min(sortedTimes.count - 1, Int(Double(sortedTimes.count) * fraction))]
  }
  func rounded(_ value: Double) -> String { String(Double(Int(value * 1000)) / 1000) }
  print(
    "{\"feed\":\"\(feedPath)\",\"stopTimes\":\(feed.stopTimes.count),\"stations\":\(stations.count),"
      + "\"loadSeconds\":\(rounded(buildStart - loadStart)),\"timetableSeconds\":\(rounded(built - buildStart)),"
      + "\"day\":\"\(best.0)\",\"plans\":\(queries),\"found\":\(found),"
      + "\"medianMs\":\(rounded(percentile(0.5))),\"p95Ms\":\(rounded(percentile(0.95))),"
      + "\"maxMs\":\(rounded(sortedTimes.last ?? 0))}")
}

run(feedPath: feedPath, queries: queries, seed: seed)
