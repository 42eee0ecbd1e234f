import BeaconTestSupport
import Beacons
import BluetoothTypes
import Testing

@testable import MRTNavigation

/// ``DefaultNotifyWhenTrainArrivesAtDepartureStation`` over doubles of its station parts and a
/// scripted finder of train beacons: a train is told only while the rider is at the departure
/// station, as the parts report it.
@Suite struct ComposedUseCaseTrainTests {
  private typealias E = SourceEvents
  private typealias F = FindingFixtures
  private let network = TestCatalogs.jakartaRail

  /// The use case, its parts, its train finder and its delegate, watching for `journey`.
  private struct Watch {
    let useCase: DefaultNotifyWhenTrainArrivesAtDepartureStation
    let bluetooth = StationSourceDouble()
    let gps = StationSourceDouble()
    let trainFinder = ScriptedBeaconFinder()
    let recorder = ComposedUseCaseRecorder()

    init(_ journey: Journey) {
      useCase = DefaultNotifyWhenTrainArrivesAtDepartureStation(
        bluetooth: bluetooth, gps: gps, trainFinder: trainFinder, catalog: TestCatalogs.jakartaRail)
      useCase.delegate = recorder
      #expect(useCase.start(journey: journey) == .started)
    }
  }

  /// Train set `trainSet` of `line` running `direction` standing by the rider, its beacon heard
  /// steadily every half second from `from` to before `to`.
  private func trainStands(
    _ line: TransitLine, _ direction: TransitLine.Direction, set trainSet: UInt16 = 4, from: Double, to: Double,
    on finder: ScriptedBeaconFinder
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
    watch.bluetooth.report(E.heard(try E.station("LebakBulus"), at: 0))
    watch.bluetooth.report(E.left(try E.station("LebakBulus"), at: 60))
    watch.gps.report(E.fixed(try E.station("Fatmawati"), at: 150))
    watch.bluetooth.report(E.heard(try E.station("DukuhAtas"), at: 1800))
    try trainStands(leg.line, leg.direction, from: 1800, to: 1860, on: watch.trainFinder)
    #expect(watch.recorder.lines == ["at LebakBulus by bluetooth"])
    #expect(watch.useCase.isRunning, "still waiting for the train at Lebak Bulus")
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
    watch.gps.report(E.fixed(try E.station("LebakBulus"), at: 0))
    switch departure {
    case .left: watch.gps.report(E.left(try E.station("LebakBulus"), at: 60))
    case .foundElsewhere: watch.bluetooth.report(E.heard(try E.station("Fatmawati"), at: 60))
    }
    try trainStands(leg.line, leg.direction, from: 100, to: 160, on: watch.trainFinder)
    #expect(watch.recorder.lines == ["at LebakBulus by gps"])
    #expect(watch.useCase.isRunning)
  }

  /// At the departure station, a train the other way is not told; the journey's is, once; then
  /// the watch is done: both parts paused, the train finder left running but no longer heard.
  @Test func theJourneysTrainAtTheDepartureStationIsToldOnce() throws {
    let journey = try network.journey(from: "LebakBulus", to: "SoekarnoHatta")
    let leg = try #require(journey.legs.first)
    let watch = Watch(journey)
    watch.gps.report(E.fixed(try E.station("LebakBulus"), at: 0))
    try trainStands(leg.line, .towardsFirst, set: 5, from: 10, to: 60, on: watch.trainFinder)
    #expect(watch.recorder.lines == ["at LebakBulus by gps"])
    try trainStands(leg.line, leg.direction, from: 100, to: 160, on: watch.trainFinder)
    try trainStands(leg.line, leg.direction, set: 6, from: 200, to: 260, on: watch.trainFinder)
    watch.bluetooth.report(E.heard(try E.station("LebakBulus"), at: 300))
    #expect(watch.recorder.lines == ["at LebakBulus by gps", "train Bundaran HI 4 at LebakBulus"])
    #expect(!watch.useCase.isRunning)
    #expect(watch.bluetooth.calls == [.start, .pause] && watch.gps.calls == [.start, .pause])
    #expect(watch.trainFinder.isRunning && watch.trainFinder.stopCount == 0, "the finder stays with the caller")
    #expect(watch.useCase.stop() == .notRunning)
  }

  /// Once told, a start for the next journey from the same station waits from a clean slate:
  /// the rider still found there is at the departure station again, and the next train is told.
  @Test func aStartAfterTheTrainWasToldWaitsAgain() throws {
    let journey = try network.journey(from: "LebakBulus", to: "BundaranHI")
    let leg = try #require(journey.legs.first)
    let lebakBulus = try E.station("LebakBulus")
    let watch = Watch(journey)
    watch.bluetooth.report(E.heard(lebakBulus, at: 0))
    try trainStands(leg.line, leg.direction, from: 10, to: 60, on: watch.trainFinder)
    #expect(!watch.useCase.isRunning)
    #expect(watch.useCase.start(journey: journey) == .started)
    watch.bluetooth.report(E.heard(lebakBulus, at: 600))
    try trainStands(leg.line, leg.direction, set: 9, from: 610, to: 660, on: watch.trainFinder)
    #expect(
      watch.recorder.lines == [
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
    watch.bluetooth.report(E.heard(lebakBulus, at: 0))
    watch.gps.report(E.fixed(lebakBulus, at: 5))
    watch.bluetooth.report(E.heard(lebakBulus, at: 20))
    #expect(watch.recorder.lines == ["at LebakBulus by bluetooth"])
    watch.gps.report(E.left(lebakBulus, at: 60))
    watch.gps.report(E.fixed(lebakBulus, at: 120))
    watch.bluetooth.report(E.heard(try E.station("Fatmawati"), at: 200))
    watch.bluetooth.report(E.heard(lebakBulus, at: 300))
    #expect(
      watch.recorder.lines == ["at LebakBulus by bluetooth", "at LebakBulus by gps", "at LebakBulus by bluetooth"])
    try trainStands(leg.line, leg.direction, from: 310, to: 360, on: watch.trainFinder)
    #expect(watch.recorder.lines.last == "train Bundaran HI 4 at LebakBulus")
  }
}
