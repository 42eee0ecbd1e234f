import BeaconScanning
import BeaconTestSupport
import BluetoothTypes
import Foundation
import HCITestSupport
import MRTNavigation
import Testing

/// Whole rides through the detection engine with its default policy: every ride fixture is
/// replayed through ``BeaconScanner`` and ``StationDetector``, and the station events are held
/// against the ride's truth, which tools/make-fixtures.py writes from the scenario's own timeline
/// (`NAME.expected-stations.json`), not from any decoder.
@Suite struct RideDetectionTests {
  /// One stop of the train: the station, when the rider's car came alongside the platform while
  /// braking in, and the capture-time window the train stood there.
  struct Stop {
    var station: String
    var alongside: Timestamp
    var arrive: Timestamp
    var depart: Timestamp
  }

  /// What the scenario says happened on a ride.
  struct Truth {
    var stops: [Stop]
    var destination: String
    var destinationReached: Bool
    var neverStoodAt: [String]
    var mustNotBeFound: [String]
  }

  static func rideFixtures() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.fixtures.path)) ?? []
    return names.filter { $0.hasSuffix(".expected-stations.json") }
      .map { String($0.dropLast(".expected-stations.json".count)) }.sorted()
  }

  static func captureTime(_ value: Any?) throws -> Timestamp {
    let text = try #require(value as? String)
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let date = try #require(formatter.date(from: text), "not an ISO-8601 time: \(text)")
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
    return Timestamp(microsecondsSinceUnixEpoch: milliseconds * 1000)
  }

  static func truth(_ name: String) throws -> Truth {
    let data = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent(name + ".expected-stations.json"))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let stops = try #require(object["stops"] as? [[String: Any]]).map { stop in
      Stop(
        station: try #require(stop["station"] as? String), alongside: try captureTime(stop["alongside"]),
        arrive: try captureTime(stop["arrive"]), depart: try captureTime(stop["depart"]))
    }
    let forbidden = try #require(object["mustNotBeFound"] as? [[String: Any]]).compactMap { $0["station"] as? String }
    return Truth(
      stops: stops, destination: try #require(object["destination"] as? String),
      destinationReached: try #require(object["destinationReached"] as? Bool),
      neverStoodAt: try #require(object["neverStoodAt"] as? [String]), mustNotBeFound: forbidden)
  }

  /// The station events of a whole capture, with the default policy and finder configuration.
  static func events(_ name: String) throws -> [StationEvent] {
    var scanner = BeaconScanner()
    var detector = StationDetector(catalog: TestCatalogs.jakartaRail)
    var events: [StationEvent] = []
    var last: Timestamp?
    _ = try scanCapture(TestPaths.fixture(name + ".btsnoop"), with: &scanner) { sighting, _ in
      events += detector.ingest(sighting)
      last = sighting.time
    }
    if let last {
      events += detector.advance(
        to: Timestamp(microsecondsSinceUnixEpoch: last.microsecondsSinceUnixEpoch + 60_000_000))
    }
    return events
  }

  static func founds(_ events: [StationEvent]) -> [(station: String, at: Timestamp)] {
    events.compactMap { event in
      guard case .found(let station, _, let time) = event else { return nil }
      return (station.name, time)
    }
  }

  @Test func thereAreRideFixtures() {
    #expect(Self.rideFixtures().count >= 6)
  }

  @Test(arguments: rideFixtures())
  func oneFoundPerStopInLineOrder(name: String) throws {
    let truth = try Self.truth(name)
    let founds = Self.founds(try Self.events(name))
    // Each stop found once, in order: no duplicates since the finder's exitPeriod is 20 s (at 10 s,
    // 8 stops of 33 were found twice).
    #expect(founds.map(\.station) == truth.stops.map(\.station), "\(name): FOUND events")
  }

  /// A FOUND is on time from the moment the rider's car reaches the platform, braking in, until
  /// the train leaves: early enough to stand up, never while still between stations.
  @Test(arguments: rideFixtures())
  func eachFoundFiresWhileTheTrainIsAtThePlatform(name: String) throws {
    let truth = try Self.truth(name)
    let founds = Self.founds(try Self.events(name))
    for stop in truth.stops {
      let matching = founds.filter { $0.station == stop.station }
      #expect(matching.count == 1, "\(name): \(stop.station) found \(matching.count) times")
      for found in matching {
        let window = "\(stop.alongside.iso8601) … \(stop.depart.iso8601)"
        #expect(
          stop.alongside <= found.at && found.at <= stop.depart,
          "\(name): \(stop.station) found at \(found.at.iso8601), at the platform \(window)")
      }
    }
  }

  @Test(arguments: rideFixtures())
  func noFoundWhereTheTrainDidNotStand(name: String) throws {
    let truth = try Self.truth(name)
    let found = Set(Self.founds(try Self.events(name)).map(\.station))
    for station in truth.neverStoodAt + truth.mustNotBeFound {
      #expect(!found.contains(station), "\(name): \(station) was found but the train never stood there")
    }
    if !truth.destinationReached {
      #expect(!found.contains(truth.destination), "\(name): destination \(truth.destination) found")
    }
  }

  @Test func theRogueBeaconIsSuspectedNotFound() throws {
    let events = try Self.events("ride-rogue-far-beacon")
    let istora = events.filter { $0.station.name == "Istora" }
    #expect(!istora.isEmpty, "the rogue beacon is strong enough to be noticed")
    for event in istora {
      if case .found = event { Issue.record("the rogue Istora beacon produced FOUND") }
    }
  }

  @Test func theRideThatStopsShortNeverReachesTheDestination() throws {
    let truth = try Self.truth("ride-stops-short")
    #expect(!truth.destinationReached)
    #expect(truth.stops.last?.station == "BlokA")
    #expect(!Self.founds(try Self.events("ride-stops-short")).contains { $0.station == truth.destination })
  }
}
