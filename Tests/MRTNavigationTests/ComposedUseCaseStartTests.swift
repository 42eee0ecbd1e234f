import BeaconTestSupport
import Testing

@testable import MRTNavigation

/// What each composed use case's start answers, from what its parts' starts answered
/// (``StationSources``), and what it refuses before starting any part.
@Suite struct ComposedUseCaseStartTests {
  typealias Kind = ComposedUseCaseUnderTest.Kind

  @Test(arguments: Kind.allCases, [StationWatchStartResult.notAuthorized, .bluetoothUnavailable, .finderFailed])
  func gpsTakesOverWhenBluetoothCannotStart(kind: Kind, bluetoothAnswer: StationWatchStartResult) throws {
    let subject = try ComposedUseCaseUnderTest(
      kind, bluetooth: StationSourceDouble(startResult: bluetoothAnswer), gps: StationSourceDouble())
    #expect(subject.start() == .started)
    #expect(subject.isRunning())
    #expect(subject.sourceStarts() == SourceStarts(bluetooth: bluetoothAnswer, gps: .started))
    #expect(subject.gps?.isRunning == true)
  }

  @Test(arguments: Kind.allCases)
  func bluetoothAloneIsEnoughWhenGPSCannotStart(kind: Kind) throws {
    let subject = try ComposedUseCaseUnderTest(
      kind, bluetooth: StationSourceDouble(), gps: StationSourceDouble(startResult: .locationUnavailable))
    #expect(subject.start() == .started)
    #expect(subject.sourceStarts() == SourceStarts(bluetooth: .started, gps: .locationUnavailable))
  }

  @Test(arguments: Kind.allCases)
  func whenBothFailBluetoothsAnswerIsGiven(kind: Kind) throws {
    let subject = try ComposedUseCaseUnderTest(
      kind, bluetooth: StationSourceDouble(startResult: .notAuthorized),
      gps: StationSourceDouble(startResult: .locationUnavailable))
    #expect(subject.start() == .notAuthorized)
    #expect(!subject.isRunning())
    #expect(subject.sourceStarts() == SourceStarts(bluetooth: .notAuthorized, gps: .locationUnavailable))
    #expect(subject.stop() == .notRunning)
  }

  @Test(arguments: Kind.allCases)
  func withOnlyGPSItsAnswerIsGiven(kind: Kind) throws {
    let subject = try ComposedUseCaseUnderTest(
      kind, bluetooth: nil, gps: StationSourceDouble(startResult: .locationUnavailable))
    #expect(subject.start() == .locationUnavailable)
    #expect(!subject.isRunning())
    #expect(subject.sourceStarts() == SourceStarts(bluetooth: nil, gps: .locationUnavailable))
  }

  /// A part that reports from inside its own start (gpsd's finder saying at once that gpsd is
  /// not there) reaches the use case while the use case is starting its parts: that must not
  /// trap (it did, as an exclusivity violation, while the parts were a value under mutation).
  /// What comes before the start has answered is not told; what comes after is.
  @Test(arguments: Kind.allCases)
  func aPartThatReportsWhileStartingIsHeardOnceStarted(kind: Kind) throws {
    let gps = StationSourceDouble()
    gps.reportsWhileStarting = [.locationSourceChanged(.sourceUnreachable)]
    let subject = try ComposedUseCaseUnderTest(kind, bluetooth: StationSourceDouble(), gps: gps)
    #expect(subject.start() == .started)
    #expect(subject.recorder.lines.isEmpty, "\(subject.recorder.lines)")
    try subject.gps?.report(SourceEvents.fixed(SourceEvents.station("LebakBulus"), at: 1))
    #expect(!subject.recorder.lines.isEmpty)
  }

  @Test(arguments: Kind.allCases)
  func aSecondStartChangesNothing(kind: Kind) throws {
    let subject = try ComposedUseCaseUnderTest(kind, bluetooth: StationSourceDouble(), gps: StationSourceDouble())
    #expect(subject.start() == .started)
    #expect(subject.start() == .alreadyStarted)
    #expect(subject.bluetooth?.calls == [.start])
    #expect(subject.gps?.calls == [.start])
    #expect(subject.isRunning())
  }

  /// A destination not in the use case's catalog (Soekarno–Hatta is the network's, not the MRT
  /// line's): nothing starts.
  @Test func aDestinationOutsideTheCatalogStartsNoPart() throws {
    let (bluetooth, gps) = (StationSourceDouble(), StationSourceDouble())
    let useCase = DefaultNotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      bluetooth: bluetooth, gps: gps, catalog: TestCatalogs.northSouthLine)
    #expect(useCase.start(arrival: try SourceEvents.station("SoekarnoHatta")) == .unknownStation)
    #expect(
      useCase.start(journey: try TestCatalogs.jakartaRail.journey(from: "LebakBulus", to: "SoekarnoHatta"))
        == .unknownStation)
    #expect(useCase.start(arrivalNamed: "Nowhere") == .unknownStation)
    #expect(bluetooth.calls.isEmpty && gps.calls.isEmpty)
    #expect(!useCase.isRunning && useCase.arrival == nil)
  }

  /// The MRT line's catalog numbers no train beacons, and a journey that is only a walk has no
  /// first line: no train can be waited for, and nothing starts.
  @Test func aTrainWatchWithoutTrainBeaconsStartsNothing() throws {
    let (bluetooth, gps, trainFinder) = (StationSourceDouble(), StationSourceDouble(), ScriptedBeaconFinder())
    let stationsOnly = DefaultNotifyWhenTrainArrivesAtDepartureStation(
      bluetooth: bluetooth, gps: gps, trainFinder: trainFinder, catalog: TestCatalogs.northSouthLine)
    #expect(
      stationsOnly.start(journey: try TestCatalogs.northSouthLine.journey(from: "LebakBulus", to: "BlokM"))
        == .noTrainBeacons)
    let network = DefaultNotifyWhenTrainArrivesAtDepartureStation(
      bluetooth: bluetooth, gps: gps, trainFinder: trainFinder, catalog: TestCatalogs.jakartaRail)
    #expect(
      network.start(journey: try TestCatalogs.jakartaRail.journey(from: "DukuhAtas", to: "BNICity")) == .noTrainBeacons)
    #expect(bluetooth.calls.isEmpty && gps.calls.isEmpty)
    #expect(trainFinder.startCount == 0)
  }

  /// Without a finder for the train beacons (no Bluetooth), no train can be heard, even with GPS
  /// for the station.
  @Test func aTrainWatchWithoutATrainFinderSaysBluetoothIsUnavailable() throws {
    let gps = StationSourceDouble()
    let useCase = DefaultNotifyWhenTrainArrivesAtDepartureStation(
      bluetooth: nil, gps: gps, trainFinder: nil, catalog: TestCatalogs.jakartaRail)
    #expect(
      useCase.start(journey: try TestCatalogs.jakartaRail.journey(from: "LebakBulus", to: "BlokM"))
        == .bluetoothUnavailable)
    #expect(gps.calls.isEmpty && !useCase.isRunning)
  }

  /// The train finder's refusal is the answer, before any part starts; parts that cannot start
  /// stop the train finder again.
  @Test func aTrainWatchStartsTheTrainFinderFirstAndStopsItWhenNoPartStarts() throws {
    let journey = try TestCatalogs.jakartaRail.journey(from: "LebakBulus", to: "BlokM")
    let (bluetooth, gps) = (StationSourceDouble(), StationSourceDouble())
    let refusing = DefaultNotifyWhenTrainArrivesAtDepartureStation(
      bluetooth: bluetooth, gps: gps, trainFinder: ScriptedBeaconFinder(startResult: .notAuthorized),
      catalog: TestCatalogs.jakartaRail)
    #expect(refusing.start(journey: journey) == .notAuthorized)
    #expect(bluetooth.calls.isEmpty && gps.calls.isEmpty)

    let trainFinder = ScriptedBeaconFinder()
    let noParts = DefaultNotifyWhenTrainArrivesAtDepartureStation(
      bluetooth: StationSourceDouble(startResult: .bluetoothUnavailable),
      gps: StationSourceDouble(startResult: .locationUnavailable), trainFinder: trainFinder,
      catalog: TestCatalogs.jakartaRail)
    #expect(noParts.start(journey: journey) == .bluetoothUnavailable)
    #expect(trainFinder.startCount == 1 && !trainFinder.isRunning)
  }
}
