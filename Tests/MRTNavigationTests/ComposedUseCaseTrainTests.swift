import BeaconTestSupport
import Beacons
import BluetoothTypes
import Testing

@testable import MRTNavigation

/// The train at the departure station (``RideStory/trainAtDeparture(_:)``), as tables over the
/// ride's step: station events as either source reports them, train beacons as sightings. A train
/// is told only while the rider is at the departure station.
@Suite struct ComposedUseCaseTrainTests {
  private typealias E = SourceEvents
  private typealias F = FindingFixtures
  private let network = TestCatalogs.jakartaRail

  /// The ride watching for `journey`'s train, and the lines it told.
  private final class Watch {
    var state: RideState
    private(set) var lines: [String] = []

    init(_ journey: Journey) {
      state = Self.ride(journey)
    }

    static func ride(_ journey: Journey) -> RideState {
      RideState(
        stories: [.trainAtDeparture(journey)], detection: RideDetection(catalog: TestCatalogs.jakartaRail),
        bluetooth: true, gps: true)
    }

    /// A station event, as either source reports it.
    func report(_ event: StationSourceEvent) { take(state.step(.station(event))) }
    func deliver(_ sighting: BeaconSighting) { take(state.step(.sighting(sighting))) }
    /// A new start: the same journey from a clean slate.
    func start(_ journey: Journey) { state = Self.ride(journey) }
    var isRunning: Bool { !state.isFinished }

    private func take(_ effects: [RideEffect]) { lines += effects.compactMap(RideEffectRecorder.line) }
  }

  /// Train set `trainSet` of `line` running `direction` standing by the rider, its beacon heard
  /// steadily every half second from `from` to before `to`.
  private func trainStands(
    _ line: TransitLine, _ direction: TransitLine.Direction, set trainSet: UInt16 = 4, from: Double, to: Double,
    on finder: Watch
  ) throws {
    for step in stride(from: from, to: to, by: 0.5) {
      finder.deliver(
        try #require(
          F.trainSighting(of: line, direction, trainSet: trainSet, in: network, rssi: -72, at: step),
          "no train beacon for \(line.name) \(direction)"))
    }
  }

  /// The ride of issue 24: found at Lebak Bulus, gone from it, found on along the line and at
  /// Dukuh Atas, the transfer, where a North–South train towards Bundaran HI (the journey's
  /// first line, its way) stands steady by the rider. That is no train at the departure station.
  @Test func aTrainOfTheFirstLineAtTheTransferIsNotTold() throws {
    let journey = try network.journey(from: "LebakBulus", to: "SoekarnoHatta")
    let leg = try #require(journey.legs.first)
    #expect((leg.first.name, leg.last.name, leg.direction) == ("LebakBulus", "DukuhAtas", .towardsLast))
    let watch = Watch(journey)
    watch.report(E.heard(try E.station("LebakBulus"), at: 0))
    watch.report(E.left(try E.station("LebakBulus"), at: 60))
    watch.report(E.fixed(try E.station("Fatmawati"), at: 150))
    watch.report(E.heard(try E.station("DukuhAtas"), at: 1800))
    try trainStands(leg.line, leg.direction, from: 1800, to: 1860, on: watch)
    #expect(watch.lines == ["at LebakBulus by bluetooth"])
    #expect(watch.isRunning, "still waiting for the train at Lebak Bulus")
  }

  enum Departure: String, CaseIterable, CustomTestStringConvertible {
    /// A part says the rider left the departure station.
    case left
    /// A part found the rider at another station, before the departure station was left.
    case foundElsewhere
    var testDescription: String { rawValue }
  }

  /// Either way of leaving the departure station, alone, ends the wait there.
  @Test(arguments: Departure.allCases)
  func aTrainAfterTheRiderLeftIsNotTold(departure: Departure) throws {
    let journey = try network.journey(from: "LebakBulus", to: "SoekarnoHatta")
    let leg = try #require(journey.legs.first)
    let watch = Watch(journey)
    watch.report(E.fixed(try E.station("LebakBulus"), at: 0))
    switch departure {
    case .left: watch.report(E.left(try E.station("LebakBulus"), at: 60))
    case .foundElsewhere: watch.report(E.heard(try E.station("Fatmawati"), at: 60))
    }
    try trainStands(leg.line, leg.direction, from: 100, to: 160, on: watch)
    #expect(watch.lines == ["at LebakBulus by gps"])
    #expect(watch.isRunning)
  }

  /// At the departure station, a train the other way is not told; the journey's is, once; then
  /// the watch is done, and later inputs give nothing.
  @Test func theJourneysTrainAtTheDepartureStationIsToldOnce() throws {
    let journey = try network.journey(from: "LebakBulus", to: "SoekarnoHatta")
    let leg = try #require(journey.legs.first)
    let watch = Watch(journey)
    watch.report(E.fixed(try E.station("LebakBulus"), at: 0))
    try trainStands(leg.line, .towardsFirst, set: 5, from: 10, to: 60, on: watch)
    #expect(watch.lines == ["at LebakBulus by gps"])
    try trainStands(leg.line, leg.direction, from: 100, to: 160, on: watch)
    try trainStands(leg.line, leg.direction, set: 6, from: 200, to: 260, on: watch)
    watch.report(E.heard(try E.station("LebakBulus"), at: 300))
    #expect(watch.lines == ["at LebakBulus by gps", "train Bundaran HI 4 at LebakBulus"])
    #expect(!watch.isRunning)
    #expect(watch.state.step(.station(E.heard(try E.station("Fatmawati"), at: 400))).isEmpty, "over: nothing more")
  }

  /// Once told, a start for the next journey from the same station waits from a clean slate:
  /// the rider still found there is at the departure station again, and the next train is told.
  @Test func aStartAfterTheTrainWasToldWaitsAgain() throws {
    let journey = try network.journey(from: "LebakBulus", to: "BundaranHI")
    let leg = try #require(journey.legs.first)
    let lebakBulus = try E.station("LebakBulus")
    let watch = Watch(journey)
    watch.report(E.heard(lebakBulus, at: 0))
    try trainStands(leg.line, leg.direction, from: 10, to: 60, on: watch)
    #expect(!watch.isRunning)
    watch.start(journey)
    watch.report(E.heard(lebakBulus, at: 600))
    try trainStands(leg.line, leg.direction, set: 9, from: 610, to: 660, on: watch)
    #expect(
      watch.lines == [
        "at LebakBulus by bluetooth", "train Bundaran HI 4 at LebakBulus", "at LebakBulus by bluetooth",
        "train Bundaran HI 9 at LebakBulus",
      ])
  }

  /// The departure station is told once a stay, whichever part finds it; again only after the
  /// rider left it (or was found elsewhere), and then their train is waited for again.
  @Test func theDepartureStationIsToldAgainOnlyAfterTheRiderLeftIt() throws {
    let journey = try network.journey(from: "LebakBulus", to: "SoekarnoHatta")
    let leg = try #require(journey.legs.first)
    let lebakBulus = try E.station("LebakBulus")
    let watch = Watch(journey)
    watch.report(E.heard(lebakBulus, at: 0))
    watch.report(E.fixed(lebakBulus, at: 5))
    watch.report(E.heard(lebakBulus, at: 20))
    #expect(watch.lines == ["at LebakBulus by bluetooth"])
    watch.report(E.left(lebakBulus, at: 60))
    watch.report(E.fixed(lebakBulus, at: 120))
    watch.report(E.heard(try E.station("Fatmawati"), at: 200))
    watch.report(E.heard(lebakBulus, at: 300))
    #expect(
      watch.lines == ["at LebakBulus by bluetooth", "at LebakBulus by gps", "at LebakBulus by bluetooth"])
    try trainStands(leg.line, leg.direction, from: 310, to: 360, on: watch)
    #expect(watch.lines.last == "train Bundaran HI 4 at LebakBulus")
  }
}
