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

  func stop() -> LocationFinderStopResult {
    stopCount += 1
    guard isRunning else { return .notRunning }
    isRunning = false
    return .stopped
  }

  func deliver(_ fix: LocationFix) { delegate?.locationFinder(self, didReceive: fix) }
  func report(_ condition: LocationSourceCondition) { delegate?.locationFinder(self, didChange: condition) }
}

final class GPSUseCaseRecorder: NotifyWhenNearMRTStationWithGPSDelegate {
  var found: [String] = []
  var left: [String] = []
  var conditions: [LocationSourceCondition] = []
  /// Stops the use case when this station is found.
  var stopAt: String?

  func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithGPS, didFind station: Station, fix: LocationFix
  ) {
    found.append(station.name)
    if station.name == stopAt { _ = useCase.stop() }
  }

  func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithGPS, didLeave station: Station, at time: CaptureTime
  ) {
    left.append(station.name)
  }

  func notifyWhenNearMRTStation(
    _ useCase: any NotifyWhenNearMRTStationWithGPS, didChange condition: LocationSourceCondition
  ) {
    conditions.append(condition)
  }
}

@Suite struct GPSUseCaseTests {
  let route = Array(JakartaMRT.catalog.stations.prefix(4))

  @Test func tellsEachStationAndTheSourcesCondition() {
    let finder = ScriptedLocationFinder()
    let useCase = DefaultNotifyWhenNearMRTStationWithGPS(finder: finder)
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
    let useCase = DefaultNotifyWhenNearMRTStationWithGPS(finder: finder)
    #expect(useCase.start() == .locationUnavailable)
    #expect(!useCase.isRunning)
    #expect(useCase.stop() == .notRunning)
  }

  @Test func aDelegateThatStopsHearsNothingMore() {
    let finder = ScriptedLocationFinder()
    let useCase = DefaultNotifyWhenNearMRTStationWithGPS(finder: finder)
    let recorder = GPSUseCaseRecorder()
    recorder.stopAt = "Fatmawati"
    useCase.delegate = recorder
    _ = useCase.start()
    for fix in SyntheticGPSRide(route: route).ride().fixes { finder.deliver(fix) }
    #expect(recorder.found == ["LebakBulus", "Fatmawati"])
    #expect(finder.stopCount == 1)
    #expect(!useCase.isRunning)
  }
}
