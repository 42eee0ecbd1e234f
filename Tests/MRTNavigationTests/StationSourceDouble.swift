import BeaconTestSupport
import BluetoothTypes
import MRTNavigation
import Positioning
import Testing

/// A double of either part of a composed use case (``NotifyWhenNearMRTStationWithBluetooth``,
/// ``NotifyWhenNearMRTStationWithGPS``): its ``start()`` answers ``startResult``, it records
/// every start, stop and pause, and the test reports events to its delegate (the composed use
/// case) with ``report(_:)``, whether or not it runs, as a stray event after a pause would.
final class StationSourceDouble: NotifyWhenNearMRTStationWithBluetooth, NotifyWhenNearMRTStationWithGPS {
  enum Call: Hashable { case start, stop, pause }

  weak var delegate: (any StationSourceUseCaseDelegate)?
  /// What ``start()`` answers when not running.
  var startResult: StationWatchStartResult
  private(set) var isRunning = false
  /// The calls made, in order.
  private(set) var calls: [Call] = []
  /// Reported to the delegate from inside ``start()``, before it returns, as gpsd's finder
  /// says at once that gpsd is not there.
  var reportsWhileStarting: [StationSourceEvent] = []

  init(startResult: StationWatchStartResult = .started) {
    self.startResult = startResult
  }

  func start() -> StationWatchStartResult {
    calls.append(.start)
    guard !isRunning else { return .alreadyStarted }
    for event in reportsWhileStarting { report(event) }
    isRunning = startResult == .started
    return startResult
  }

  @discardableResult
  func stop() -> StationWatchStopResult {
    calls.append(.stop)
    guard isRunning else { return .notRunning }
    isRunning = false
    return .stopped
  }

  func pause() {
    calls.append(.pause)
    isRunning = false
  }

  /// Hands `event` to the delegate.
  func report(_ event: StationSourceEvent) {
    delegate?.stationSource(self, didReport: event)
  }
}

/// The events the doubles report, for stations of the real catalog, at times from
/// ``FindingFixtures/time(_:)``.
enum SourceEvents {
  /// A station of the real network (the built-in network, ``TestCatalogs/jakartaRail``), by its name.
  static func station(_ name: String) throws -> Station {
    try #require(TestCatalogs.jakartaRail.station(named: name), "no station \(name) in the network")
  }

  /// `station` found by its beacon, at `rssi`, `seconds` in.
  static func heard(_ station: Station, rssi: Double = -75, at seconds: Double) -> StationSourceEvent {
    .found(station, evidence: .bluetooth(rssi: rssi), at: FindingFixtures.time(seconds))
  }

  /// `station` found by a fix at its platform, standing still, `seconds` in.
  static func fixed(_ station: Station, at seconds: Double) -> StationSourceEvent {
    let fix = LocationFix(
      time: FindingFixtures.time(seconds), mode: .threeDimensional, coordinate: station.coordinate, speed: 0,
      horizontalError: 5)
    return .found(station, evidence: .gps(fix), at: fix.time)
  }

  /// The rider left `station`, `seconds` in.
  static func left(_ station: Station, at seconds: Double) -> StationSourceEvent {
    .left(station, at: FindingFixtures.time(seconds))
  }
}
