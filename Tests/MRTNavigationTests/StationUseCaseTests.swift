import BeaconTestSupport
import Beacons
import BluetoothTypes
import Testing

@testable import MRTNavigation

/// Writes down what the rider is told as a short line: a source's own events (`found X`), or a
/// ride's, with the source that found each station (`found X bluetooth`).
private final class CallbackRecorder: RideEffectHandler {
  var lines: [String] = []
  let namesSources: Bool

  init(namesSources: Bool = false) {
    self.namesSources = namesSources
  }

  func handle(_ effect: RideEffect) {
    switch effect {
    case .found(let station, let evidence, _, _):
      lines.append(namesSources ? "found \(station.name) \(evidence.source)" : "found \(station.name)")
    case .arrived(let station, let evidence, _): lines.append("arrived \(station.name) \(evidence.source)")
    case .left(let station, _): lines.append("left \(station.name)")
    case .suspect(let station, _, _): lines.append("suspect \(station.name)")
    case .locationSourceChanged(let condition): lines.append("location \(condition)")
    default: break
    }
  }
}

@Suite struct StationUseCaseTests {
  private typealias F = FindingFixtures
  static let detection = RideDetection(catalog: TestCatalogs.jakartaRail)

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
    let useCase = NotifyWhenNearMRTStationWithBluetooth(finder: finder, detection: Self.detection)
    useCase.handler = recorder
    #expect(useCase.start() == .started)
    for sighting in dwell(minor: 3, from: 0, seconds: 60) { finder.deliver(sighting) }
    finder.advance(to: F.time(100))
    for sighting in dwell(minor: 3, from: 200) { finder.deliver(sighting) }
    #expect(recorder.lines == ["found CipeteRaya", "left CipeteRaya", "found CipeteRaya"])
  }

  @Test func aStationTooFarTooSoonIsReportedAsSuspect() {
    let recorder = CallbackRecorder()
    let finder = ScriptedBeaconFinder()
    let useCase = NotifyWhenNearMRTStationWithBluetooth(finder: finder, detection: Self.detection)
    useCase.handler = recorder
    #expect(useCase.start() == .started)
    for sighting in dwell(minor: 1, from: 0) + dwell(minor: 13, from: 60) { finder.deliver(sighting) }
    #expect(recorder.lines == ["found LebakBulus", "left LebakBulus", "suspect BundaranHI"])
  }

  @Test func startAndStopResults() {
    let finder = ScriptedBeaconFinder()
    let useCase = NotifyWhenNearMRTStationWithBluetooth(finder: finder, detection: Self.detection)
    #expect(useCase.stop() == .notRunning)
    #expect(useCase.start() == .started)
    #expect(useCase.start() == .alreadyStarted)
    #expect(useCase.isRunning)
    #expect(useCase.stop() == .stopped)
    #expect(useCase.stop() == .notRunning)
  }

  @Test func startingTheUseCaseStartsTheFinderAndStoppingStopsIt() {
    let finder = ScriptedBeaconFinder()
    let useCase = NotifyWhenNearMRTStationWithBluetooth(finder: finder, detection: Self.detection)
    #expect(useCase.start() == .started)
    #expect(finder.isRunning)
    #expect(finder.delegate === useCase.runner)
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
    let bluetooth = NotifyWhenNearMRTStationWithBluetooth(finder: finder, detection: Self.detection)
    #expect(bluetooth.start() == expected)
    #expect(!bluetooth.isRunning)
    let ride = NotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      finder: finder, locationFinder: nil, detection: Self.detection)
    #expect(ride.start(arrivalNamed: "Senayan") == expected)
  }

  @Test func aUseCaseThatStopsItselfLeavesTheFinderRunning() throws {
    let finder = ScriptedBeaconFinder()
    let useCase = NotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      finder: finder, locationFinder: nil, detection: Self.detection)
    #expect(useCase.start(arrivalNamed: "CipeteRaya") == .started)
    for sighting in dwell(minor: 3, from: 0) { finder.deliver(sighting) }
    #expect(!useCase.isRunning)
    #expect(finder.isRunning)
    #expect(finder.stopCount == 0)
  }

  @Test func sightingsAreIgnoredWhileStopped() {
    let recorder = CallbackRecorder()
    let finder = ScriptedBeaconFinder()
    let useCase = NotifyWhenNearMRTStationWithBluetooth(finder: finder, detection: Self.detection)
    useCase.handler = recorder
    for sighting in dwell(minor: 3, from: 0) { finder.deliver(sighting) }
    #expect(recorder.lines.isEmpty)
  }

  @Test func handlerIsHeldWeakly() {
    let finder = ScriptedBeaconFinder()
    let useCase = NotifyWhenNearMRTStationWithBluetooth(finder: finder, detection: Self.detection)
    do {
      let recorder = CallbackRecorder()
      useCase.handler = recorder
      #expect(useCase.handler != nil)
    }
    #expect(useCase.handler == nil)
  }

  /// A start from the arrival's effect begins a new journey at once (`.started`): the ride that
  /// was over let its runner go first.
  @Test func aStartFromTheArrivalBeginsANewJourney() throws {
    let finder = ScriptedBeaconFinder()
    let useCase = NotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      finder: finder, locationFinder: nil, detection: Self.detection)
    let recorder = RideEffectRecorder()
    useCase.handler = recorder
    var restarted: StationWatchStartResult?
    // Unowned: the recorder holds the closure.
    recorder.onLine = { [unowned recorder] in
      if restarted == nil, !recorder.arrivals.isEmpty { restarted = useCase.start(arrivalNamed: "HajiNawi") }
    }
    #expect(useCase.start(arrivalNamed: "CipeteRaya") == .started)
    for sighting in dwell(minor: 3, from: 0) + dwell(minor: 4, from: 200) { finder.deliver(sighting) }
    #expect(restarted == .started)
    // The new journey hears the rest of the stay at Cipete Raya: where it starts.
    #expect(
      recorder.lines == [
        "arrived CipeteRaya by bluetooth", "found CipeteRaya by bluetooth", "approaching HajiNawi (destination)",
        "arrived HajiNawi by bluetooth",
      ])
    // Each arrival sounds the alarm, the second journey's too.
    let (cipete, haji) = (try #require(F.station("CipeteRaya")), try #require(F.station("HajiNawi")))
    #expect(recorder.alarms == [.arrived(at: cipete), .arrived(at: haji)])
  }

  @Test(arguments: [UInt64(5), 6, 7])
  func specificStationReportsEachStationThenArrivesOnceAndStops(seed: UInt64) throws {
    let recorder = CallbackRecorder(namesSources: true)
    let finder = ScriptedBeaconFinder()
    let useCase = NotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      finder: finder, locationFinder: nil, detection: Self.detection)
    useCase.handler = recorder
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
    let useCase = NotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      finder: finder, locationFinder: nil, detection: Self.detection)
    #expect(useCase.start(arrivalNamed: "Monas") == .unknownStation)
    let stranger = Station(
      name: "Elsewhere", displayName: "Elsewhere", lineOrder: 1,
      beacon: .iBeacon(uuid: UUID128(high: 9, low: 9), major: 1, minor: 1))
    #expect(useCase.start(arrival: stranger) == .unknownStation)
    #expect(!useCase.isRunning)
  }
}
