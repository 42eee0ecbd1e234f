import BeaconScanning
import BeaconTestSupport
import BluetoothTypes
import HCITestSupport
import HCITransportCore
import LinuxHCITransports
import MRTNavigation
import Testing

/// The commute use case on every ride fixture: ``NotifyWhenNearMRTStationAndSpecificMRTStationOnce``
/// started for the ride's destination, fed the whole capture. Held against the ride's truth: each
/// stop before the destination FOUND once in order while the train is at its platform, then
/// ARRIVED once at the destination, at its platform; nothing when the train never gets there. (A
/// transfer station counts as found: the journey's transfer is told there.)
@Suite struct RideCommuteTests {
  static func commute(_ name: String, to destination: String) throws -> RideEffectRecorder {
    let recorder = RideEffectRecorder()
    // The composition beacon-ride runs: the use case over a finder over the capture.
    let finder = HCIBeaconFinder(openConnection: { () throws(HCIConnectionError) in
      try TransportSpec.replay(path: TestPaths.fixture(name + ".btsnoop")).open()
    })
    let useCase = NotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      finder: finder, locationFinder: nil, detection: RideDetection(catalog: TestCatalogs.jakartaRail))
    useCase.handler = recorder
    #expect(useCase.start(arrivalNamed: destination) == .started)
    // Between the finder and the ride, note when the last sighting was.
    let ride = try #require(finder.delegate)
    var last: Timestamp?
    let noting = ClosureFinderDelegate(
      sighting: {
        last = $0.time
        ride.beaconFinder(finder, didSee: $0)
      },
      time: { ride.beaconFinder(finder, didReach: $0) })
    finder.delegate = noting
    guard case .endOfStream = finder.run() else {
      throw try #require(finder.failure)
    }
    // A minute of silence after the capture, so that the last station is left.
    if let last {
      ride.beaconFinder(
        finder, didReach: Timestamp(microsecondsSinceUnixEpoch: last.microsecondsSinceUnixEpoch + 60_000_000))
    }
    #expect(finder.stop() == .stopped)
    return recorder
  }

  static func atPlatform(_ time: Timestamp, _ stop: RideDetectionTests.Stop) -> Bool {
    stop.alongside <= time && time <= stop.depart
  }

  @Test(arguments: RideDetectionTests.rideFixtures())
  func foundsInOrderThenArrivedOnceAtTheDestination(name: String) throws {
    let truth = try RideDetectionTests.truth(name)
    let recorder = try Self.commute(name, to: truth.destination)
    let before = truth.stops.prefix { $0.station != truth.destination }
    #expect(recorder.founds.map(\.station) == before.map(\.station), "\(name): FOUND before the destination")
    for (found, stop) in zip(recorder.founds, before) {
      #expect(Self.atPlatform(found.at, stop), "\(name): \(stop.station) found at \(found.at.iso8601)")
    }
    if truth.destinationReached {
      let stop = try #require(truth.stops.first { $0.station == truth.destination })
      #expect(recorder.arrivals.map(\.station) == [truth.destination], "\(name): ARRIVED")
      for arrival in recorder.arrivals {
        #expect(Self.atPlatform(arrival.at, stop), "\(name): arrived at \(arrival.at.iso8601)")
      }
    } else {
      #expect(recorder.arrivals.isEmpty, "\(name): arrived at \(recorder.arrivals.map(\.station))")
    }
  }

  /// Every stop of the long ride as a destination in turn: ARRIVED there, once, and nowhere else.
  @Test func everyStationOfTheLineCanBeTheDestination() throws {
    let name = "ride-lebak-bulus-to-bundaran-hi"
    let truth = try RideDetectionTests.truth(name)
    for stop in truth.stops {
      let recorder = try Self.commute(name, to: stop.station)
      #expect(recorder.arrivals.map(\.station) == [stop.station])
      #expect(recorder.arrivals.allSatisfy { Self.atPlatform($0.at, stop) }, "\(stop.station)")
    }
  }
}
