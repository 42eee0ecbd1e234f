import BeaconTestSupport
import Beacons
import BluetoothTypes
import Testing

@testable import MRTNavigation

/// Writes down every delegate callback of the three use cases as a short line.
private final class CallbackRecorder: StationSourceUseCaseDelegate,
  NotifyWhenNearMRTStationOnceDelegate, NotifyWhenNearMRTStationAndSpecificMRTStationOnceDelegate
{
  var lines: [String] = []

  func stationSource(_ source: any StationSourceUseCase, didReport event: StationSourceEvent) {
    switch event {
    case .found(let station, _, _): lines.append("found \(station.name)")
    case .left(let station, _): lines.append("left \(station.name)")
    case .suspect(let station, _, _): lines.append("suspect \(station.name)")
    case .locationSourceChanged(let condition): lines.append("location \(condition)")
    }
  }

  func notifyWhenNearMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationOnce, didFind station: Station, evidence: StationEvidence,
    at time: CaptureTime
  ) { lines.append("found \(station.name) \(evidence.source)") }

  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didFind station: Station,
    evidence: StationEvidence, at time: CaptureTime
  ) { lines.append("found \(station.name) \(evidence.source)") }

  func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
    _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didArriveAt station: Station,
    evidence: StationEvidence, at time: CaptureTime
  ) { lines.append("arrived \(station.name) \(evidence.source)") }
}

@Suite struct StationUseCaseTests {
  private typealias F = FindingFixtures

  private func route(_ from: String, _ to: String) throws -> [Station] {
    try StationRoute(from: from, to: to, in: TestCatalogs.northSouthLine).stations
  }

  /// Steady strong reports of `minor` for `seconds` from `start`, every half second.
  private func dwell(minor: UInt16, from start: Double, seconds: Double = 20) -> [BeaconSighting] {
    stride(from: start, to: start + seconds, by: 0.5).map { F.sighting(minor: minor, rssi: -80, at: $0) }
  }

  @Test func nearStationReportsOncePerArrivalAndAgainAfterComingBack() {
    let recorder = CallbackRecorder()
    let finder = ScriptedBeaconFinder()
    let useCase = DefaultNotifyWhenNearMRTStationWithBluetooth(finder: finder, catalog: TestCatalogs.jakartaRail)
    useCase.delegate = recorder
    #expect(useCase.start() == .started)
    for sighting in dwell(minor: 3, from: 0, seconds: 60) { finder.deliver(sighting) }
    finder.advance(to: F.time(100))
    for sighting in dwell(minor: 3, from: 200) { finder.deliver(sighting) }
    #expect(recorder.lines == ["found CipeteRaya", "left CipeteRaya", "found CipeteRaya"])
  }

  @Test func aStationTooFarTooSoonIsReportedAsSuspect() {
    let recorder = CallbackRecorder()
    let finder = ScriptedBeaconFinder()
    let useCase = DefaultNotifyWhenNearMRTStationWithBluetooth(finder: finder, catalog: TestCatalogs.jakartaRail)
    useCase.delegate = recorder
    #expect(useCase.start() == .started)
    for sighting in dwell(minor: 1, from: 0) + dwell(minor: 13, from: 60) { finder.deliver(sighting) }
    #expect(recorder.lines == ["found LebakBulus", "left LebakBulus", "suspect BundaranHI"])
  }

  @Test func startAndStopResults() {
    let finder = ScriptedBeaconFinder()
    let useCase = DefaultNotifyWhenNearMRTStationWithBluetooth(finder: finder, catalog: TestCatalogs.jakartaRail)
    #expect(useCase.stop() == .notRunning)
    #expect(useCase.start() == .started)
    #expect(useCase.start() == .alreadyStarted)
    #expect(useCase.isRunning)
    #expect(useCase.stop() == .stopped)
    #expect(useCase.stop() == .notRunning)
  }

  @Test func startingTheUseCaseStartsTheFinderAndStoppingStopsIt() {
    let finder = ScriptedBeaconFinder()
    let useCase = DefaultNotifyWhenNearMRTStationWithBluetooth(finder: finder, catalog: TestCatalogs.jakartaRail)
    #expect(useCase.start() == .started)
    #expect(finder.isRunning)
    #expect(finder.delegate === useCase)
    #expect(useCase.stop() == .stopped)
    #expect(!finder.isRunning)
  }

  @Test(arguments: [
    (BeaconFinderStartResult.notAuthorized, StationWatchStartResult.notAuthorized),
    (.bluetoothUnavailable, .bluetoothUnavailable), (.failed, .finderFailed),
  ])
  func aFinderThatCannotStartIsTheUseCasesAnswer(
    finderResult: BeaconFinderStartResult, expected: StationWatchStartResult
  ) {
    let finder = ScriptedBeaconFinder(startResult: finderResult)
    let bluetooth = DefaultNotifyWhenNearMRTStationWithBluetooth(finder: finder, catalog: TestCatalogs.jakartaRail)
    #expect(bluetooth.start() == expected)
    #expect(!bluetooth.isRunning)
    #expect(DefaultNotifyWhenNearMRTStationOnce(finder: finder, catalog: TestCatalogs.jakartaRail).start() == expected)
    let ride = DefaultNotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      finder: finder, catalog: TestCatalogs.jakartaRail)
    #expect(ride.start(arrivalNamed: "Senayan") == expected)
  }

  @Test func aUseCaseThatStopsItselfLeavesTheFinderRunning() throws {
    let finder = ScriptedBeaconFinder()
    let useCase = DefaultNotifyWhenNearMRTStationOnce(finder: finder, catalog: TestCatalogs.jakartaRail)
    #expect(useCase.start() == .started)
    for sighting in dwell(minor: 3, from: 0) { finder.deliver(sighting) }
    #expect(!useCase.isRunning)
    #expect(finder.isRunning)
    #expect(finder.stopCount == 0)
  }

  @Test func sightingsAreIgnoredWhileStopped() {
    let recorder = CallbackRecorder()
    let finder = ScriptedBeaconFinder()
    let useCase = DefaultNotifyWhenNearMRTStationWithBluetooth(finder: finder, catalog: TestCatalogs.jakartaRail)
    useCase.delegate = recorder
    for sighting in dwell(minor: 3, from: 0) { finder.deliver(sighting) }
    #expect(recorder.lines.isEmpty)
  }

  @Test func delegateIsHeldWeakly() {
    let finder = ScriptedBeaconFinder()
    let useCase = DefaultNotifyWhenNearMRTStationWithBluetooth(finder: finder, catalog: TestCatalogs.jakartaRail)
    do {
      let recorder = CallbackRecorder()
      useCase.delegate = recorder
      #expect(useCase.delegate != nil)
    }
    #expect(useCase.delegate == nil)
  }

  @Test func onceStopsAfterTheFirstStation() {
    let recorder = CallbackRecorder()
    let finder = ScriptedBeaconFinder()
    let useCase = DefaultNotifyWhenNearMRTStationOnce(finder: finder, catalog: TestCatalogs.jakartaRail)
    useCase.delegate = recorder
    #expect(useCase.start() == .started)
    for sighting in dwell(minor: 3, from: 0) + dwell(minor: 4, from: 200) { finder.deliver(sighting) }
    #expect(recorder.lines == ["found CipeteRaya bluetooth"])
    #expect(!useCase.isRunning)
    #expect(useCase.stop() == .notRunning)
    #expect(useCase.start() == .started)
    for sighting in dwell(minor: 4, from: 400) { finder.deliver(sighting) }
    #expect(recorder.lines == ["found CipeteRaya bluetooth", "found HajiNawi bluetooth"])
  }

  @Test(arguments: [UInt64(5), 6, 7])
  func specificStationReportsEachStationThenArrivesOnceAndStops(seed: UInt64) throws {
    let recorder = CallbackRecorder()
    let finder = ScriptedBeaconFinder()
    let useCase = DefaultNotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      finder: finder, catalog: TestCatalogs.jakartaRail)
    useCase.delegate = recorder
    let destination = try #require(F.station("Senayan"))
    #expect(useCase.start(arrival: destination) == .started)
    #expect(useCase.start(arrival: destination) == .alreadyStarted)
    // The ride goes on past the destination; nothing is reported after arriving.
    let ride = SyntheticRide(route: try route("LebakBulus", "DukuhAtas"), seed: seed)
    for sighting in ride.sightings() { finder.deliver(sighting) }
    finder.advance(to: F.time(ride.end))
    let passed = try route("LebakBulus", "ASEAN").map { "found \($0.name) bluetooth" }
    #expect(recorder.lines == passed + ["arrived Senayan bluetooth"])
    #expect(!useCase.isRunning)
    #expect(useCase.arrival == destination)
    #expect(useCase.stop() == .notRunning)
    // Starting again begins a new journey.
    #expect(useCase.start(arrivalNamed: "Dukuh Atas BNI") == .started)
    #expect(useCase.arrival?.name == "DukuhAtas")
  }

  @Test func specificStationRejectsAnUnknownDestination() {
    let finder = ScriptedBeaconFinder()
    let useCase = DefaultNotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      finder: finder, catalog: TestCatalogs.jakartaRail)
    #expect(useCase.start(arrivalNamed: "Monas") == .unknownStation)
    let stranger = Station(
      name: "Elsewhere", displayName: "Elsewhere", lineOrder: 1,
      beacon: .iBeacon(uuid: UUID128(high: 9, low: 9), major: 1, minor: 1))
    #expect(useCase.start(arrival: stranger) == .unknownStation)
    #expect(!useCase.isRunning)
  }
}
