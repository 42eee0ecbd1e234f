import BeaconTestSupport
import BluetoothTypes
import Testing

@testable import Beacons
@testable import MRTNavigation

/// ``NotifyWhenNearMRTStationWhenInBackground``, the rider in the background: every
/// station the rider is near, once a visit, for as long as it runs.
@Suite struct BackgroundRiderTests {
  /// Feeds `sightings` through a scripted finder to the use case, then a minute of silence.
  static func run(_ sightings: [BeaconSighting], repeatAfter: Duration = RideStory.defaultRepeatAfter)
    -> RideEffectRecorder
  {
    let finder = ScriptedBeaconFinder()
    let useCase = NotifyWhenNearMRTStationWhenInBackground(
      finder: finder, locationFinder: nil, detection: RideDetection(catalog: TestCatalogs.jakartaRail),
      repeatAfter: repeatAfter)
    let recorder = RideEffectRecorder()
    useCase.handler = recorder
    #expect(useCase.start() == .started)
    for sighting in sightings { finder.deliver(sighting) }
    if let last = sightings.last?.time {
      finder.delegate?.beaconFinder(
        finder, didReach: Timestamp(microsecondsSinceUnixEpoch: last.microsecondsSinceUnixEpoch + 60_000_000))
    }
    // Still running: the background rider never stops by itself.
    #expect(useCase.isRunning)
    #expect(useCase.stop() == .stopped)
    return recorder
  }

  static func stations(_ names: [String]) throws -> [Station] {
    try names.map { try #require(TestCatalogs.northSouthLine.station(named: $0)) }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func aRoundTripTellsEveryStationOfEachWay(seed: UInt64) throws {
    let there = ["LebakBulus", "Fatmawati", "CipeteRaya", "HajiNawi", "BlokA", "BlokM"]
    let route = there + there.reversed().dropFirst()
    let ride = SyntheticRide(route: try Self.stations(route), seed: seed)
    let recorder = Self.run(ride.sightings())
    // Blok M once (the train turns there), every other station once each way.
    #expect(recorder.founds.map(\.station) == route)
  }

  @Test func theSameStationIsToldAgainOnlyAfterAWhile() throws {
    // Cipete Raya, then ten minutes later Cipete Raya again with nothing in between.
    let twice = SyntheticRide(route: try Self.stations(["CipeteRaya", "CipeteRaya"]), seed: 7, secondsPerStop: 600)
    #expect(Self.run(twice.sightings()).founds.map(\.station) == ["CipeteRaya"])
    #expect(
      Self.run(twice.sightings(), repeatAfter: .seconds(300)).founds.map(\.station) == ["CipeteRaya", "CipeteRaya"])
  }
}
