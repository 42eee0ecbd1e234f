import BeaconTestSupport
import Beacons
import BluetoothTypes
import MRTNavigation
import Positioning
import Testing

/// An in-memory ``LocationFinder``: ``start()`` answers what it is told to; the test hands
/// fixes and conditions to the delegate as gpsd would.
final class ScriptedLocationFinder: LocationFinder {
  weak var delegate: (any LocationFinderDelegate)?
  var startResult: LocationFinderStartResult
  private(set) var isRunning = false
  private(set) var stopCount = 0

  init(startResult: LocationFinderStartResult = .started) { self.startResult = startResult }

  func start() -> LocationFinderStartResult {
    guard !isRunning else { return .alreadyStarted }
    if startResult == .started { isRunning = true }
    return startResult
  }

  @discardableResult
  func stop() -> LocationFinderStopResult {
    stopCount += 1
    guard isRunning else { return .notRunning }
    isRunning = false
    return .stopped
  }

  func deliver(_ fix: LocationFix) { delegate?.locationFinder(self, didReceive: fix) }
  func report(_ condition: LocationSourceCondition) { delegate?.locationFinder(self, didChange: condition) }
}

final class GPSUseCaseRecorder: RideEffectHandler {
  var found: [String] = []
  var left: [String] = []
  var conditions: [LocationSourceCondition] = []
  /// Stops the use case (this closure) when the station `stopAt` is found.
  var stopAt: String?
  var stop: () -> Void = {}

  func handle(_ effect: RideEffect) {
    switch effect {
    case .found(let station, _, _, _):
      found.append(station.name)
      if station.name == stopAt { stop() }
    case .left(let station, _): left.append(station.name)
    case .locationSourceChanged(let condition): conditions.append(condition)
    default: break
    }
  }
}

@Suite struct GPSUseCaseTests {
  let route = Array(TestCatalogs.northSouthLine.stations.prefix(4))

  @Test func tellsEachStationAndTheSourcesCondition() {
    let finder = ScriptedLocationFinder()
    let useCase = NotifyWhenNearMRTStationWithGPS(
      finder: finder, detection: RideDetection(catalog: TestCatalogs.jakartaRail))
    let recorder = GPSUseCaseRecorder()
    useCase.handler = recorder
    #expect(useCase.start() == .started)
    #expect(useCase.start() == .alreadyStarted)
    finder.report(.reporting)
    for fix in SyntheticGPSRide(route: route, noiseMetres: 3).ride().fixes { finder.deliver(fix) }
    #expect(recorder.found == route.map(\.name))
    #expect(recorder.left == route.dropLast().map(\.name))
    #expect(recorder.conditions == [.reporting])
  }

  @Test func noSourceSaysSoAndStartsNothing() {
    let finder = ScriptedLocationFinder(startResult: .unavailable)
    let useCase = NotifyWhenNearMRTStationWithGPS(
      finder: finder, detection: RideDetection(catalog: TestCatalogs.jakartaRail))
    #expect(useCase.start() == .locationUnavailable)
    #expect(!useCase.isRunning)
    #expect(useCase.stop() == .notRunning)
  }

  @Test func aDelegateThatStopsHearsNothingMore() {
    let finder = ScriptedLocationFinder()
    let useCase = NotifyWhenNearMRTStationWithGPS(
      finder: finder, detection: RideDetection(catalog: TestCatalogs.jakartaRail))
    let recorder = GPSUseCaseRecorder()
    recorder.stopAt = "Fatmawati"
    recorder.stop = { useCase.stop() }
    useCase.handler = recorder
    #expect(useCase.start() == .started)
    for fix in SyntheticGPSRide(route: route).ride().fixes { finder.deliver(fix) }
    #expect(recorder.found == ["LebakBulus", "Fatmawati"])
    #expect(finder.stopCount == 1)
    #expect(!useCase.isRunning)
  }
}

/// The rider-facing use cases over both sources: Bluetooth first, GPS beside it.
@Suite struct TwoSourceUseCaseTests {
  final class Recorder: RideEffectHandler {
    var lines: [String] = []
    func handle(_ effect: RideEffect) {
      switch effect {
      case .found(let station, let evidence, _, _): lines.append("found \(station.name) \(evidence.source)")
      case .arrived(let station, let evidence, _): lines.append("arrived \(station.name) \(evidence.source)")
      default: break
      }
    }
  }

  let route = Array(TestCatalogs.northSouthLine.stations.prefix(4))

  /// Strong reports of the beacon of the station at `minor`, every half second for 20 s from `start`.
  func dwell(minor: UInt16, from start: Double) -> [BeaconSighting] {
    stride(from: start, to: start + 20, by: 0.5).map { FindingFixtures.sighting(minor: minor, rssi: -80, at: $0) }
  }

  @Test func withoutBluetoothGPSAloneFindsTheRide() {
    let beacons = ScriptedBeaconFinder(startResult: .bluetoothUnavailable)
    let location = ScriptedLocationFinder()
    let useCase = NotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      finder: beacons, locationFinder: location, detection: RideDetection(catalog: TestCatalogs.jakartaRail))
    let recorder = Recorder()
    useCase.handler = recorder
    #expect(useCase.start(arrivalNamed: "HajiNawi") == .started)
    #expect(useCase.sourceStarts == SourceStarts(bluetooth: .bluetoothUnavailable, gps: .started))
    for fix in SyntheticGPSRide(route: route).ride().fixes { location.deliver(fix) }
    #expect(
      recorder.lines == ["found LebakBulus gps", "found Fatmawati gps", "found CipeteRaya gps", "arrived HajiNawi gps"])
    // Arrived: the use case stops listening, the finders are left to their owner.
    #expect(!useCase.isRunning)
    #expect(location.isRunning)
  }

  @Test func eachStationOnceWhicheverSourceFoundItFirst() {
    let beacons = ScriptedBeaconFinder()
    let location = ScriptedLocationFinder()
    let useCase = NotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      finder: beacons, locationFinder: location, detection: RideDetection(catalog: TestCatalogs.jakartaRail))
    let recorder = Recorder()
    useCase.handler = recorder
    #expect(useCase.start(arrivalNamed: "HajiNawi") == .started)
    #expect(useCase.sourceStarts == SourceStarts(bluetooth: .started, gps: .started))
    // Bluetooth hears Fatmawati (minor 2) before GPS sees the train stand there; Cipete Raya's
    // beacons stay silent; then the adapter is gone and GPS alone goes on to Haji Nawi.
    for sighting in dwell(minor: 2, from: 0) { beacons.deliver(sighting) }
    for fix in SyntheticGPSRide(route: route).ride().fixes { location.deliver(fix) }
    #expect(
      recorder.lines == [
        "found Fatmawati bluetooth", "found LebakBulus gps", "found CipeteRaya gps", "arrived HajiNawi gps",
      ])
  }

  @Test func withNeitherSourceBluetoothsReasonIsTheAnswer() {
    let detection = RideDetection(catalog: TestCatalogs.jakartaRail)
    let useCase = NotifyWhenNearMRTStationWhenInBackground(
      finder: ScriptedBeaconFinder(startResult: .notAuthorized),
      locationFinder: ScriptedLocationFinder(startResult: .unavailable), detection: detection)
    #expect(useCase.start() == .notAuthorized)
    #expect(!useCase.isRunning)
    #expect(useCase.sourceStarts == SourceStarts(bluetooth: .notAuthorized, gps: .locationUnavailable))
    #expect(useCase.stop() == .notRunning)
    let gpsOnly = NotifyWhenNearMRTStationWhenInBackground(
      finder: nil, locationFinder: ScriptedLocationFinder(startResult: .unavailable), detection: detection)
    #expect(gpsOnly.start() == .locationUnavailable)
  }

  /// GPS takes over when Bluetooth cannot start, whatever Bluetooth's reason.
  @Test(arguments: [
    (BeaconFinderStartResult.notAuthorized, StationWatchStartResult.notAuthorized),
    (.bluetoothUnavailable, .bluetoothUnavailable), (.failed, .finderFailed),
  ])
  func gpsTakesOverWhenBluetoothCannotStart(
    bluetoothAnswer: BeaconFinderStartResult, said: StationWatchStartResult
  ) {
    let location = ScriptedLocationFinder()
    let useCase = NotifyWhenNearMRTStationWhenInBackground(
      finder: ScriptedBeaconFinder(startResult: bluetoothAnswer), locationFinder: location,
      detection: RideDetection(catalog: TestCatalogs.jakartaRail))
    #expect(useCase.start() == .started)
    #expect(useCase.isRunning && location.isRunning)
    #expect(useCase.sourceStarts == SourceStarts(bluetooth: said, gps: .started))
  }

  /// What a finder says while it starts (gpsd's finder: gpsd is not there) comes before the ride
  /// and is not told; what comes after is. A second start changes nothing.
  @Test func aFinderThatReportsWhileStartingIsHeardOnceStarted() {
    let location = ReportingWhileStartingLocationFinder()
    let useCase = NotifyWhenNearMRTStationWhenInBackground(
      finder: ScriptedBeaconFinder(), locationFinder: location,
      detection: RideDetection(catalog: TestCatalogs.jakartaRail))
    let recorder = RideEffectRecorder()
    useCase.handler = recorder
    #expect(useCase.start() == .started)
    #expect(useCase.start() == .alreadyStarted)
    #expect(recorder.lines.isEmpty, "\(recorder.lines)")
    location.report(.reporting)
    #expect(recorder.lines == ["gps reporting"])
  }

  /// A stop stops both finders; stopped, the ride tells nothing of what they still deliver; a new
  /// start forgets what was told.
  @Test func aStopStopsBothFindersAndARestartForgetsWhatWasTold() {
    let (beacons, location) = (ScriptedBeaconFinder(), ScriptedLocationFinder())
    let useCase = NotifyWhenNearMRTStationWhenInBackground(
      finder: beacons, locationFinder: location, detection: RideDetection(catalog: TestCatalogs.jakartaRail))
    let recorder = RideEffectRecorder()
    useCase.handler = recorder
    #expect(useCase.start() == .started)
    for sighting in dwell(minor: 2, from: 0) { beacons.deliver(sighting) }
    #expect(useCase.stop() == .stopped)
    #expect(!beacons.isRunning && !location.isRunning)
    #expect(useCase.stop() == .notRunning)
    for sighting in dwell(minor: 3, from: 100) { beacons.deliver(sighting) }
    #expect(recorder.lines == ["found Fatmawati by bluetooth"])
    #expect(useCase.start() == .started)
    for sighting in dwell(minor: 2, from: 200) { beacons.deliver(sighting) }
    #expect(recorder.lines == ["found Fatmawati by bluetooth", "found Fatmawati by bluetooth"])
  }
}

/// A location finder that says at once, from inside its start, that its source is not there.
final class ReportingWhileStartingLocationFinder: LocationFinder {
  weak var delegate: (any LocationFinderDelegate)?

  func start() -> LocationFinderStartResult {
    delegate?.locationFinder(self, didChange: .sourceUnreachable)
    return .started
  }

  @discardableResult
  func stop() -> LocationFinderStopResult { .stopped }

  func report(_ condition: LocationSourceCondition) { delegate?.locationFinder(self, didChange: condition) }
}
