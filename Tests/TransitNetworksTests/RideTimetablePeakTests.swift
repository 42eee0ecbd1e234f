import BeaconTestSupport
import BluetoothTypes
import MRTNavigation
import Testing
import TransitFeeds
import TransitNetworks

/// Rides that follow the Jakarta feed's own trips at the weekday peak, when a train leaves every
/// five minutes: a train three minutes late is closer to the next trip's times than to its own,
/// and a delay that grows to five minutes ends on the next trip's times. The rider is told the
/// delay of their own trip.
@Suite("The timetable along a ride at the peak")
struct RideTimetablePeakTests {
  let feed: Feed
  let timetable: Timetable
  /// The line's stations (indices into the feed's stops), Lebak Bulus to Bundaran HI.
  let line: [Int]

  init() throws {
    let feed = try Feed.load(from: TestPaths.fixture("gtfs/jakarta-mrt.zip"))
    self.feed = feed
    timetable = try Timetable(feed: feed)
    line = try [
      "SLBB", "SFTM", "SCPT", "SHJN", "SBKA", "SBKM", "SASN", "SSNY", "SIST", "SBNH", "SSTB", "SDKA", "SBHI",
    ].map { id in try #require(feed.stop(id: id)) }
  }

  /// The trips along the whole line that leave its end towards `last` between 07:10 and 08:00 on
  /// Friday 2026-11-27 (Jakarta time), checked to leave five or six minutes apart.
  func peakRuns(towards last: Int) throws -> [ScheduledRun] {
    let runs = timetable.runs(
      callingAt: line, from: RideTimetableTests.friday(7, 10), to: RideTimetableTests.friday(8, 0)
    ).filter { run in
      run.calls.count == line.count && run.calls.last?.station == last
        && (run.calls.first?.departure ?? 0) >= RideTimetableTests.friday(7, 10)
    }
    try #require(runs.count >= 9)
    for (earlier, later) in zip(runs, runs.dropFirst()) {
      let headway = try #require(later.calls.first).departure - (try #require(earlier.calls.first)).departure
      try #require((290...370).contains(headway), "a peak headway, not \(headway) s")
    }
    return runs
  }

  /// Where the rider is first found.
  enum Start: CaseIterable {
    /// On the platform of the journey's first station (`--from`), two minutes before the train
    /// leaves.
    case platform
    /// On the train standing at its first station, four minutes before it leaves (no `--from`).
    case trainAtItsFirstStation
    /// On the train, at its second station (no `--from`).
    case trainAtItsSecondStation
  }

  /// Rides `run` with its train `delay(t)` seconds late at the scheduled time `t`, from `start`:
  /// each station on the train after its first and before the destination (where the ride ends:
  /// no estimate) found 10 s before the train stands there (as its beacon is, when the car comes
  /// alongside). From the second station found on the train, the trip and its delay (within
  /// 60 s) must be the run's; at every station after the first, the ETA within 90 s of the
  /// destination's arrival this late.
  func ride(
    _ run: ScheduledRun, from start: Start, delay: (Int64) -> Int64,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let first = try #require(run.calls.first)
    let last = try #require(run.calls.last)
    var ride = try #require(
      RideTimetable(timetable: timetable, origin: start == .platform ? first.station : nil, destination: last.station))
    let trip = feed.trips[run.trip].id
    let leaves = first.departure + delay(first.departure)
    switch start {
    case .platform:
      let waiting = ride.found(station: first.station, at: leaves - 120)
      #expect(waiting?.nextDepartures.isEmpty == false, sourceLocation: sourceLocation)
    case .trainAtItsFirstStation:
      #expect(ride.found(station: first.station, at: leaves - 240) != nil, sourceLocation: sourceLocation)
    case .trainAtItsSecondStation:
      break
    }
    // The second station found on the train.
    let matchedFrom = start == .trainAtItsFirstStation ? 1 : 2
    for (index, call) in run.calls.enumerated().dropFirst().dropLast() {
      let late = delay(call.arrival)
      let found = ride.found(station: call.station, at: call.arrival + late - 10)
      let estimate = try #require(found, sourceLocation: sourceLocation)
      let truth = last.arrival + late
      #expect(
        abs(estimate.eta - truth) <= 90, "\(trip) from \(start) at stop \(index): ETA \(estimate.eta - truth) s off",
        sourceLocation: sourceLocation)
      guard index >= matchedFrom else { continue }
      let told = try #require(
        estimate.delay, "\(trip) from \(start) at stop \(index): no delay", sourceLocation: sourceLocation)
      #expect(
        abs(Int64(told) - late) <= 60, "\(trip) from \(start) at stop \(index): \(told) s late, truly \(late) s",
        sourceLocation: sourceLocation)
      #expect(feed.trips[estimate.trip].id == trip, "from \(start) at stop \(index)", sourceLocation: sourceLocation)
    }
  }

  /// A delay growing evenly from none at `run`'s departure to five minutes at its arrival.
  static func growing(along run: ScheduledRun) -> (Int64) -> Int64 {
    let start = run.calls.first?.departure ?? 0
    let span = max(1, (run.calls.last?.arrival ?? 0) - start)
    return { time in 300 * (time - start) / span }
  }

  @Test(arguments: ["SBHI", "SLBB"])
  func threeMinutesLateIsThreeMinutesLateNotTwoEarly(towards destination: String) throws {
    let last = try #require(feed.stop(id: destination))
    for run in try peakRuns(towards: last) {
      for start in Start.allCases { try ride(run, from: start) { _ in 180 } }
    }
  }

  @Test(arguments: ["SBHI", "SLBB"])
  func aDelayGrowingToAHeadwayStaysOnTheRidersTrain(towards destination: String) throws {
    let last = try #require(feed.stop(id: destination))
    for run in try peakRuns(towards: last) {
      for start in Start.allCases { try ride(run, from: start, delay: Self.growing(along: run)) }
    }
  }

  @Test func onTimeAtThePeakIsOnTime() throws {
    let last = try #require(feed.stop(id: "SBHI"))
    for run in try peakRuns(towards: last) {
      for start in Start.allCases { try ride(run, from: start) { _ in 0 } }
    }
  }

  /// A rider who gets off and takes a train two headways later: two stations off the first trip's
  /// times by more than the headway, and the later trip is matched.
  @Test func aRiderOnALaterTrainIsMatchedToItAfterTwoStations() throws {
    let runs = try peakRuns(towards: try #require(feed.stop(id: "SBHI")))
    let first = runs[2]
    let later = runs[4]
    var ride = try #require(
      RideTimetable(timetable: timetable, origin: nil, destination: first.calls[first.calls.count - 1].station))
    for call in first.calls[1...4] {
      _ = ride.found(station: call.station, at: call.arrival)
    }
    var delays: [Int?] = []
    var trips: [String] = []
    for call in later.calls[5...8] {
      let found = ride.found(station: call.station, at: call.arrival)
      let estimate = try #require(found)
      delays.append(estimate.delay)
      trips.append(feed.trips[estimate.trip].id)
    }
    // One station off: still the first trip, two headways late; from the second, the later one.
    #expect(delays == [Int(later.calls[5].arrival - first.calls[5].arrival), 0, 0, 0])
    #expect(trips == [first, later, later, later].map { feed.trips[$0.trip].id })
  }

  /// The same through the rider's ride (``MRTNavigation/RideState``), as beacon-ride runs it: the
  /// feed's network, each station found by its beacon, the timetable consulted at each.
  @Test func throughTheRideTheRiderIsToldTheirTrainsDelay() throws {
    let network = try FeedNetwork(feed: feed)
    let stops = network.stopIDs.compactMapValues { feed.stop(id: $0) }
    let stationOfStop = Dictionary(uniqueKeysWithValues: stops.map { ($0.value, $0.key) })
    let runs = try peakRuns(towards: try #require(feed.stop(id: "SBHI")))
    let run = runs[runs.count / 2]
    let last = try #require(run.calls.last)
    let destination = try #require(stationOfStop[last.station].flatMap { network.catalog.station(named: $0) })
    let timetable = try #require(RideTimetable(timetable: timetable, origin: nil, destination: last.station))
    var state = RideState(
      stories: [.destination(destination, journey: nil)], detection: RideDetection(catalog: network.catalog),
      bluetooth: true, gps: false, timetable: StationRideTimetable(ride: timetable, stops: stops))
    var delays: [Int?] = []
    for call in run.calls.dropFirst() {
      let station = try #require(stationOfStop[call.station].flatMap { network.catalog.station(named: $0) })
      let time = Timestamp(microsecondsSinceUnixEpoch: (call.arrival + 170) * 1_000_000)
      for effect in state.step(.station(.found(station, evidence: .bluetooth(rssi: -75), at: time))) {
        guard case .found(_, _, _, let estimate) = effect else { continue }
        delays.append(estimate?.delay?.value)
        // Without a realtime feed every value is the timetable's.
        #expect(estimate?.eta.source == .schedule && estimate?.delay?.source ?? .schedule == .schedule)
      }
    }
    // Found 10 s before standing still, 3 minutes late: from the second station, 170 s late.
    #expect(delays.count == line.count - 2)
    #expect(delays.first == .some(nil))
    #expect(delays.dropFirst().allSatisfy { $0 == 170 })
  }
}
