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

final class GPSUseCaseRecorder: StationSourceUseCaseDelegate {
  var found: [String] = []
  var left: [String] = []
  var conditions: [LocationSourceCondition] = []
  /// Stops the use case when this station is found.
  var stopAt: String?

  func stationSource(_ source: any StationSourceUseCase, didReport event: StationSourceEvent) {
    switch event {
    case .found(let station, _, _):
      found.append(station.name)
      if station.name == stopAt { source.stop() }
    case .left(let station, _): left.append(station.name)
    case .locationSourceChanged(let condition): conditions.append(condition)
    case .suspect: break
    }
  }
}

@Suite struct GPSUseCaseTests {
  let route = Array(TestCatalogs.northSouthLine.stations.prefix(4))

  @Test func tellsEachStationAndTheSourcesCondition() {
    let finder = ScriptedLocationFinder()
    let useCase = DefaultNotifyWhenNearMRTStationWithGPS(finder: finder, catalog: TestCatalogs.jakartaRail)
    let recorder = GPSUseCaseRecorder()
    useCase.delegate = recorder
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
    let useCase = DefaultNotifyWhenNearMRTStationWithGPS(finder: finder, catalog: TestCatalogs.jakartaRail)
    #expect(useCase.start() == .locationUnavailable)
    #expect(!useCase.isRunning)
    #expect(useCase.stop() == .notRunning)
  }

  @Test func aDelegateThatStopsHearsNothingMore() {
    let finder = ScriptedLocationFinder()
    let useCase = DefaultNotifyWhenNearMRTStationWithGPS(finder: finder, catalog: TestCatalogs.jakartaRail)
    let recorder = GPSUseCaseRecorder()
    recorder.stopAt = "Fatmawati"
    useCase.delegate = recorder
    #expect(useCase.start() == .started)
    for fix in SyntheticGPSRide(route: route).ride().fixes { finder.deliver(fix) }
    #expect(recorder.found == ["LebakBulus", "Fatmawati"])
    #expect(finder.stopCount == 1)
    #expect(!useCase.isRunning)
  }
}

/// The rider-facing use cases over both sources: Bluetooth first, GPS beside it.
@Suite struct TwoSourceUseCaseTests {
  final class Recorder: NotifyWhenNearMRTStationAndSpecificMRTStationOnceDelegate {
    var lines: [String] = []
    func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
      _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didFind station: Station,
      evidence: StationEvidence, at time: CaptureTime
    ) { lines.append("found \(station.name) \(evidence.source)") }
    func notifyWhenNearMRTStationAndSpecificMRTStationOnce(
      _ useCase: any NotifyWhenNearMRTStationAndSpecificMRTStationOnce, didArriveAt station: Station,
      evidence: StationEvidence, at time: CaptureTime
    ) { lines.append("arrived \(station.name) \(evidence.source)") }
  }

  let route = Array(TestCatalogs.northSouthLine.stations.prefix(4))

  /// Strong reports of the beacon of the station at `minor`, every half second for 20 s from `start`.
  func dwell(minor: UInt16, from start: Double) -> [BeaconSighting] {
    stride(from: start, to: start + 20, by: 0.5).map { FindingFixtures.sighting(minor: minor, rssi: -80, at: $0) }
  }

  @Test func withoutBluetoothGPSAloneFindsTheRide() {
    let beacons = ScriptedBeaconFinder(startResult: .bluetoothUnavailable)
    let location = ScriptedLocationFinder()
    let useCase = DefaultNotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      finder: beacons, locationFinder: location, catalog: TestCatalogs.jakartaRail)
    let recorder = Recorder()
    useCase.delegate = recorder
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
    let useCase = DefaultNotifyWhenNearMRTStationAndSpecificMRTStationOnce(
      finder: beacons, locationFinder: location, catalog: TestCatalogs.jakartaRail)
    let recorder = Recorder()
    useCase.delegate = recorder
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
    let useCase = DefaultNotifyWhenNearMRTStationOnce(
      finder: ScriptedBeaconFinder(startResult: .notAuthorized),
      locationFinder: ScriptedLocationFinder(startResult: .unavailable), catalog: TestCatalogs.jakartaRail)
    #expect(useCase.start() == .notAuthorized)
    #expect(!useCase.isRunning)
    let gpsOnly = DefaultNotifyWhenNearMRTStationOnce(
      finder: nil, locationFinder: ScriptedLocationFinder(startResult: .unavailable), catalog: TestCatalogs.jakartaRail)
    #expect(gpsOnly.start() == .locationUnavailable)
  }
}
