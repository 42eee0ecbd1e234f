import BeaconTestSupport
import Beacons
import BluetoothTypes
import Testing

@testable import MRTNavigation

/// Train beacons, their arrivals, and the rider told when their train comes in.
@Suite struct TrainArrivalTests {
  private typealias F = FindingFixtures
  let network = TestCatalogs.jakartaRail

  /// A report of train set `trainSet` on the North–South line running `direction`.
  func train(_ direction: TransitLine.Direction, set trainSet: UInt16 = 7, rssi: Int8, at seconds: Double) throws
    -> BeaconSighting
  {
    try #require(
      F.trainSighting(
        of: TestCatalogs.northSouth, direction, trainSet: trainSet, in: network, rssi: rssi, at: seconds),
      "no train beacon")
  }

  @Test func trainBeaconsFollowTheScheme() throws {
    let line = TestCatalogs.northSouth
    let towardsBHI = try #require(network.trainBeacon(of: line, .towardsLast, trainSet: 7))
    #expect(towardsBHI == .iBeacon(uuid: RailBeaconUUIDs.train, major: 11, minor: 7))
    #expect(network.trainBeacon(of: line, .towardsFirst, trainSet: 7)?.major == 12)
    let train = try #require(network.train(for: towardsBHI))
    #expect(train.line.name == "NorthSouth" && train.direction == .towardsLast && train.trainSet == 7)
    #expect(train.headsign == "Bundaran HI")
    #expect(network.train(for: .iBeacon(uuid: RailBeaconUUIDs.train, major: 13, minor: 7)) == nil)  // no direction 3
    #expect(network.train(for: .iBeacon(uuid: RailBeaconUUIDs.train, major: 91, minor: 7)) == nil)  // no line 9
    #expect(network.station(for: towardsBHI) == nil)
  }

  @Test func aTrainStandingAtThePlatformArrivesAPassingOneDoesNot() throws {
    var detector = TrainArrivalDetector(catalog: network)
    var events: [TrainArrivalDetector.Event] = []
    // Passing on the other track: strong for 4 s.
    for step in stride(from: 0.0, to: 4.0, by: 0.5) {
      events += detector.ingest(try train(.towardsFirst, rssi: -70, at: step))
    }
    #expect(events.isEmpty)
    // Pulling in and standing: strong for 30 s.
    for step in stride(from: 60.0, to: 90.0, by: 0.5) {
      events += detector.ingest(try train(.towardsLast, rssi: -72, at: step))
    }
    let arrivals = events.compactMap { event -> Double? in
      guard case .arrived(let train, _, let time) = event, train.direction == .towardsLast else { return nil }
      return Double(time.microseconds(since: F.time(60))) / 1e6
    }
    #expect(arrivals.count == 1)
    #expect(arrivals.first.map { (8...9).contains($0) } == true, "\(arrivals)")
    // Gone: lost after the exit period.
    events = detector.advance(to: F.time(200))
    #expect(
      events.contains {
        if case .left(let train, _) = $0 { return train.direction == .towardsLast } else { return false }
      })
  }

  /// What the rider is told: at the station (`at LebakBulus`), their train (`train …`).
  private final class Recorder: RideEffectHandler {
    var lines: [String] = []
    func handle(_ effect: RideEffect) {
      switch effect {
      case .trainArriving(let train, let station, _, _):
        lines.append("train \(train.headsign) \(train.trainSet) at \(station.name)")
      case .riderAtDeparture(let station, _, _): lines.append("at \(station.name)")
      default: break
      }
    }
  }

  private var detection: RideDetection { RideDetection(catalog: network) }

  /// The rider's whole wait at Lebak Bulus: a train comes before they are there, one the other
  /// way, then theirs.
  @Test func onlyTheJourneysTrainAfterTheRiderIsThereIsTold() throws {
    let finder = ScriptedBeaconFinder()
    let useCase = NotifyWhenTrainArrivesAtDepartureStation(finder: finder, detection: detection)
    let recorder = Recorder()
    useCase.handler = recorder
    #expect(useCase.start(journey: try network.journey(from: "LebakBulus", to: "BundaranHI")) == .started)
    // Before the rider is at the station: their train, standing 30 s. Not told.
    for step in stride(from: 0.0, to: 30.0, by: 0.5) {
      finder.deliver(try train(.towardsLast, set: 3, rssi: -70, at: step))
    }
    finder.advance(to: F.time(60))
    // The rider reaches the platform: the station beacon, strong.
    for step in stride(from: 60.0, to: 400.0, by: 0.5) {
      finder.deliver(F.sighting(minor: 1, rssi: -78, at: step))
      if (100..<130).contains(step) { finder.deliver(try train(.towardsFirst, set: 5, rssi: -70, at: step + 0.25)) }
      if (200..<230).contains(step) { finder.deliver(try train(.towardsLast, set: 9, rssi: -74, at: step + 0.25)) }
    }
    #expect(recorder.lines == ["at LebakBulus", "train Bundaran HI 9 at LebakBulus"])
    #expect(!useCase.isRunning)
    #expect(finder.isRunning, "the finder is left to the caller")
  }

  /// Half a second at a time from `from` to before `to`: the station beacon of the North–South
  /// line's `station`-th station (1: Lebak Bulus, 2: Fatmawati, 12: Dukuh Atas) strong, when
  /// given, and the rider's train towards Bundaran HI (set `trainSet`) standing steady by them
  /// from `trainFrom` on.
  private func platform(
    _ station: UInt16?, from: Double, to: Double, trainFrom: Double = .infinity, trainSet: UInt16 = 4,
    with finder: ScriptedBeaconFinder
  ) throws {
    for step in stride(from: from, to: to, by: 0.5) {
      if let station { finder.deliver(F.sighting(minor: station, rssi: -78, at: step)) }
      if step >= trainFrom { finder.deliver(try train(.towardsLast, set: trainSet, rssi: -72, at: step + 0.25)) }
    }
  }

  /// The ride as a rider made it: found at Lebak Bulus, gone from it, found at Dukuh Atas half an
  /// hour later, where the train they came on (its beacon too weak on board) stands steady by
  /// them on the platform. That is no train at the departure station.
  @Test func aTrainHeardAfterLeavingTheDepartureStationIsNotTold() throws {
    let finder = ScriptedBeaconFinder()
    let useCase = NotifyWhenTrainArrivesAtDepartureStation(finder: finder, detection: detection)
    let recorder = Recorder()
    useCase.handler = recorder
    #expect(useCase.start(journey: try network.journey(from: "LebakBulus", to: "SoekarnoHatta")) == .started)
    try platform(1, from: 0, to: 30, with: finder)
    finder.advance(to: F.time(120))  // Lebak Bulus left
    try platform(12, from: 1800, to: 1900, trainFrom: 1830, with: finder)
    #expect(recorder.lines == ["at LebakBulus"])
    #expect(useCase.isRunning, "still waiting for the train at Lebak Bulus")
  }

  /// Another station found ends the wait at the departure station, even before the departure
  /// station's beacon was lost.
  @Test func anotherStationFoundEndsTheWait() throws {
    let finder = ScriptedBeaconFinder()
    let useCase = NotifyWhenTrainArrivesAtDepartureStation(finder: finder, detection: detection)
    let recorder = Recorder()
    useCase.handler = recorder
    #expect(useCase.start(journey: try network.journey(from: "LebakBulus", to: "BundaranHI")) == .started)
    try platform(1, from: 0, to: 30, with: finder)
    try platform(2, from: 30, to: 80, trainFrom: 31, with: finder)  // Fatmawati, before Lebak Bulus is lost
    #expect(recorder.lines == ["at LebakBulus"])
  }

  /// Out of the departure station and back: a train standing while the rider was away is not
  /// told; the one after they are back is.
  @Test func backAtTheDepartureStationTheTrainIsWaitedForAgain() throws {
    let finder = ScriptedBeaconFinder()
    let useCase = NotifyWhenTrainArrivesAtDepartureStation(finder: finder, detection: detection)
    let recorder = Recorder()
    useCase.handler = recorder
    #expect(useCase.start(journey: try network.journey(from: "LebakBulus", to: "BundaranHI")) == .started)
    try platform(1, from: 0, to: 30, with: finder)
    finder.advance(to: F.time(100))  // Lebak Bulus left
    try platform(nil, from: 100, to: 140, trainFrom: 100, with: finder)  // a train stands while the rider is away
    finder.advance(to: F.time(300))  // that train gone
    try platform(1, from: 300, to: 400, trainFrom: 330, trainSet: 9, with: finder)
    #expect(recorder.lines == ["at LebakBulus", "at LebakBulus", "train Bundaran HI 9 at LebakBulus"])
    #expect(!useCase.isRunning)
  }

  @Test func aJourneyWithoutTrainBeaconsCannotWait() throws {
    let stationsOnly = TestCatalogs.northSouthLine  // no train scheme
    let useCase = NotifyWhenTrainArrivesAtDepartureStation(
      finder: ScriptedBeaconFinder(), detection: RideDetection(catalog: stationsOnly))
    #expect(useCase.start(journey: try stationsOnly.journey(from: "LebakBulus", to: "BlokM")) == .noTrainBeacons)
    let walkOnly = try network.journey(from: "DukuhAtas", to: "BNICity")
    let other = NotifyWhenTrainArrivesAtDepartureStation(finder: ScriptedBeaconFinder(), detection: detection)
    #expect(other.start(journey: walkOnly) == .noTrainBeacons)
  }

  /// Without a beacon finder no train can be heard, even with GPS for the station; a finder
  /// that refuses is the answer, and GPS is stopped again.
  @Test func withoutBluetoothNoTrainCanBeWaitedFor() throws {
    let journey = try network.journey(from: "LebakBulus", to: "BlokM")
    let location = ScriptedLocationFinder()
    let gpsOnly = NotifyWhenTrainArrivesAtDepartureStation(finder: nil, locationFinder: location, detection: detection)
    #expect(gpsOnly.start(journey: journey) == .bluetoothUnavailable)
    #expect(!location.isRunning && !gpsOnly.isRunning)
    let refusing = NotifyWhenTrainArrivesAtDepartureStation(
      finder: ScriptedBeaconFinder(startResult: .notAuthorized), locationFinder: location, detection: detection)
    #expect(refusing.start(journey: journey) == .notAuthorized)
    #expect(!location.isRunning && !refusing.isRunning)
  }

  @Test func noAdapterIsSaid() throws {
    let useCase = NotifyWhenTrainArrivesAtDepartureStation(
      finder: ScriptedBeaconFinder(startResult: .bluetoothUnavailable), detection: detection)
    #expect(useCase.start(journey: try network.journey(from: "LebakBulus", to: "BlokM")) == .bluetoothUnavailable)
  }
}
