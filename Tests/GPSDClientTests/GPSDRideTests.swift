import BeaconTestSupport
import BluetoothTypes
import Foundation
import MRTNavigation
import Positioning
import Testing

@testable import GPSDClient

/// Rides through a real gpsd: `gpsfake` feeds it the NMEA fixtures of `tools/make-gps-fixtures`,
/// ``GPSDLocationFinder`` reads gpsd's JSON, ``NotifyWhenNearMRTStationWithGPS`` decides.
@Suite(
  "rides through a real gpsd", .serialized,
  .enabled(if: GPSFake.isAvailable, "needs gpsd and gpsfake (apt-get install gpsd gpsd-clients; tools/test does)"))
struct GPSDRideTests {
  /// What a ride through gpsd gave.
  final class Ride: RideEffectHandler {
    var found: [(name: String, time: Timestamp)] = []
    var conditions: [LocationSourceCondition] = []
    var problems: [GPSDProblem] = []
    var recoveries: [GPSDRecovery] = []
    var stopAt: String?

    func handle(_ effect: RideEffect) {
      switch effect {
      case .found(let station, _, let time, _): found.append((station.name, time))
      case .locationSourceChanged(let condition): conditions.append(condition)
      default: break
      }
    }
  }

  /// Plays `fixture` through gpsfake and gpsd into the use case, until `until` is found or gpsd,
  /// once it has reported, has had nothing new for `quiet` seconds (two minutes at most).
  func ride(
    _ fixture: String, until destination: String? = nil, quiet: Double = 5, restartAfter: String? = nil,
    restartFixture: String? = nil
  ) throws -> (Ride, GPSDLocationFinder) {
    var gpsd = try GPSFake(log: TestPaths.fixture("gps/\(fixture).nmea"))
    let finder = GPSDLocationFinder(endpoint: GPSDEndpoint(host: "127.0.0.1", port: gpsd.port))
    let useCase = NotifyWhenNearMRTStationWithGPS(
      finder: finder, detection: RideDetection(catalog: TestCatalogs.jakartaRail))
    let ride = Ride()
    useCase.handler = ride
    finder.onProblem = { ride.problems.append($0) }
    finder.onRecovery = { ride.recoveries.append($0) }
    #expect(useCase.start() == .started)
    let clock = ContinuousClock()
    let giveUp = clock.now.advanced(by: .seconds(120))
    var lastFixes = -1
    var quietSince = clock.now
    var restarted = false
    while clock.now < giveUp {
      _ = finder.run(until: clock.now.advanced(by: .milliseconds(250)))
      if let destination, ride.found.last?.name == destination { break }
      if let restartAfter, !restarted, ride.found.last?.name == restartAfter, let restartFixture {
        // gpsd killed mid-ride, and a new one started (on the same port) a moment later.
        gpsd.stop()
        Thread.sleep(forTimeInterval: 1.5)
        gpsd = try GPSFake(log: TestPaths.fixture("gps/\(restartFixture).nmea"), port: gpsd.port)
        restarted = true
      }
      // Quiet counts from the first report on: gpsd and gpsfake may take longer than `quiet` to
      // start on a loaded machine, and a ride that ended before its first report would be empty.
      if finder.counts.fixes != lastFixes {
        lastFixes = finder.counts.fixes
        quietSince = clock.now
      } else if lastFixes > 0, quietSince.duration(to: clock.now) > .seconds(quiet) {
        break
      }
    }
    useCase.stop()
    gpsd.stop()
    return (ride, finder)
  }

  /// When the train came to rest at each platform (the fixture's `.truth.json`), read as gpsd's
  /// times are.
  func truth(_ fixture: String) throws -> [String: Timestamp] {
    let data = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("gps/\(fixture).truth.json"))
    return try JSONDecoder().decode([String: String].self, from: data).mapValues { try #require(GPSDTime.parse($0)) }
  }

  @Test func lebakBulusToASEANFindsEveryStationWhileTheTrainStands() throws {
    let (ride, finder) = try ride("ride-lebakbulus-asean", until: "ASEAN")
    #expect(
      ride.found.map(\.name) == ["LebakBulus", "Fatmawati", "CipeteRaya", "HajiNawi", "BlokA", "BlokM", "ASEAN"])
    let stopped = try truth("ride-lebakbulus-asean")
    var latencies: [Int64] = []
    for (name, time) in ride.found {
      let stop = try #require(stopped[name])
      let latency = time.microseconds(since: stop)
      latencies.append(latency)
      // While the train stands: after it stopped, within the 30 s dwell.
      #expect(latency >= 0 && latency < 30_000_000, "\(name): \(latency) µs")
    }
    let median = latencies.sorted()[latencies.count / 2]
    #expect(median <= 3_000_000, "median \(median) µs from the train stopping to the event")
    print("GPS ride latencies (s, train stopped → event):", latencies.map { Double($0) / 1e6 })
    #expect(finder.counts.unreadableLines == 0)
    // gpsfake may not listen yet when the finder first tries: then unreachable, then reporting.
    #expect(ride.conditions.last == .reporting)
  }

  @Test func intoTheTunnelSaysNothingUnderground() throws {
    let (ride, _) = try ride("ride-blokm-bundaranhi")
    #expect(ride.found.map(\.name) == ["BlokM", "ASEAN"])
  }

  @Test func twoDimensionalFixesAreEnough() throws {
    let (ride, _) = try ride("ride-2d-cipeteraya-blokm", until: "BlokM")
    #expect(ride.found.map(\.name) == ["CipeteRaya", "HajiNawi", "BlokA", "BlokM"])
  }

  @Test func damagedSentencesOnTheLineDoNotStopTheRide() throws {
    let (ride, finder) = try ride("ride-garbage-fatmawati-hajinawi", until: "HajiNawi")
    #expect(ride.found.map(\.name) == ["Fatmawati", "CipeteRaya", "HajiNawi"])
    // gpsd itself drops sentences with bad checksums: nothing unreadable reaches the client.
    #expect(finder.counts.unreadableLines == 0)
  }

  @Test func aClockSteppingBackIsSurvived() throws {
    let (ride, _) = try ride("ride-clockback-lebakbulus-hajinawi", until: "HajiNawi")
    #expect(ride.found.map(\.name) == ["LebakBulus", "Fatmawati", "CipeteRaya", "HajiNawi"])
  }

  @Test func noFixAtAllMeansNoStation() throws {
    let (ride, finder) = try ride("no-fix", quiet: 3)
    #expect(ride.found.isEmpty)
    #expect(finder.counts.fixes > 0)
  }

  @Test func gpsdKilledMidRideAndRestartedTheRideGoesOn() throws {
    // gpsd dies once the rider is at Cipete Raya; a new gpsd comes up on the same port and
    // plays the rest of the line, from Haji Nawi, a few minutes later.
    let (ride, finder) = try ride(
      "ride-lebakbulus-asean", until: "ASEAN", restartAfter: "CipeteRaya", restartFixture: "ride-restart-hajinawi-asean"
    )
    #expect(ride.found.map(\.name) == ["LebakBulus", "Fatmawati", "CipeteRaya", "HajiNawi", "BlokA", "BlokM", "ASEAN"])
    #expect(finder.counts.connections == 2)
    #expect(finder.counts.outages >= 1)
    #expect(ride.problems.contains(.connectionClosed(finder.endpoint)))
    #expect(ride.conditions.contains(.sourceUnreachable))
    // Back once, after the backoff's first retry or two (1 s, then 2 s; the loss is seen only
    // once this test's sleep is over); gpsfake may also have come up only after the first try
    // ("is up").
    let back = ride.recoveries.filter(\.wasConnectedBefore)
    #expect(back.count == 1, "\(ride.recoveries)")
    #expect(back.first.map { (.seconds(0.5)...(.seconds(8))).contains($0.outage) } == true, "\(ride.recoveries)")
  }

  @Test func noGpsdSaysHowToStartIt() throws {
    let port = try LoopbackPort.free()
    let endpoint = GPSDEndpoint(host: "127.0.0.1", port: port)
    let finder = GPSDLocationFinder(endpoint: endpoint, retriesWhenUnreachable: false)
    #expect(finder.start() == .unavailable)
    #expect(
      finder.lastError?.description
        == "no gpsd at 127.0.0.1:\(port) — start it: `sudo systemctl start gpsd`, or `gpsd -N /dev/ttyACM0`")
    // Alone, it keeps trying: told once, counted, and still running.
    let retrying = GPSDLocationFinder(endpoint: endpoint)
    var problems: [GPSDProblem] = []
    retrying.onProblem = { problems.append($0) }
    #expect(retrying.start() == .started)
    _ = retrying.run(until: ContinuousClock().now.advanced(by: .milliseconds(2_500)))
    #expect(problems.count == 1)
    #expect(retrying.counts.outages == 1)
    #expect(retrying.stop() == .stopped)
  }
}
