import Beacons
import BluetoothTypes
import Positioning

/// ``NotifyWhenNearMRTStationAndSpecificMRTStationOnce`` over its two parts, the delegate of
/// both: each station once a journey, whichever part found it first (``StationMerge``); the
/// journey's progress (``JourneyProgress``) says what the rider is told; the destination ends
/// the journey. Not `Sendable`: keep it on one actor.
public final class DefaultNotifyWhenNearMRTStationAndSpecificMRTStationOnce:
  NotifyWhenNearMRTStationAndSpecificMRTStationOnce, StationSourceUseCaseDelegate
{
  public weak var delegate: (any NotifyWhenNearMRTStationAndSpecificMRTStationOnceDelegate)?
  public private(set) var arrival: Station?
  public var journey: Journey? { progress?.journey }
  private var progress: JourneyProgress?
  public let catalog: StationCatalog
  private let sources: StationSources
  private var merge = StationMerge(announcing: .oncePerJourney)
  public var isRunning: Bool { sources.isRunning }

  /// Over the two sources' use cases (either may be `nil`, not both), naming stations from `catalog`.
  public convenience init(
    bluetooth: (any NotifyWhenNearMRTStationWithBluetooth)?, gps: (any NotifyWhenNearMRTStationWithGPS)?,
    catalog: StationCatalog
  ) {
    self.init(sources: StationSources(bluetooth: bluetooth, gps: gps), catalog: catalog)
  }

  /// Over a beacon finder and, when given, a location finder.
  public convenience init(
    finder: (any BeaconFinder)?, locationFinder: (any LocationFinder)? = nil,
    catalog: StationCatalog, policy: StationPresencePolicy = StationPresencePolicy(),
    rangingConfiguration: BeaconRanging.Configuration = BeaconRanging.Configuration(),
    gpsPolicy: GPSStationPolicy = GPSStationPolicy()
  ) {
    self.init(
      sources: StationSources(
        finder: finder, locationFinder: locationFinder, catalog: catalog, policy: policy,
        rangingConfiguration: rangingConfiguration, gpsPolicy: gpsPolicy),
      catalog: catalog)
  }

  init(sources: StationSources, catalog: StationCatalog) {
    self.catalog = catalog
    self.sources = sources
    sources.report(to: self)
  }
  /// What each source's start answered, so that the caller can say which one is used.
  public var sourceStarts: SourceStarts { sources.starts }

  /// Starts a journey to `arrival`; `.unknownStation` when the catalog has no station with its beacon.
  public func start(arrival: Station) -> StationWatchStartResult {
    guard !isRunning else { return .alreadyStarted }
    guard let known = catalog.station(for: arrival.beacon) else { return .unknownStation }
    let result = sources.start()
    if result == .started {
      self.arrival = known
      progress = nil
      merge = StationMerge(announcing: .oncePerJourney)
    }
    return result
  }

  /// Starts following `journey`; `.unknownStation` when the catalog has no station with its
  /// destination's beacon.
  public func start(journey: Journey) -> StationWatchStartResult {
    let result = start(arrival: journey.destination)
    if result == .started { progress = JourneyProgress(journey: journey) }
    return result
  }

  /// Starts a journey to the station named `name` (as ``StationCatalog/station(named:)`` accepts).
  public func start(arrivalNamed name: String) -> StationWatchStartResult {
    guard let station = catalog.station(named: name) else { return .unknownStation }
    return start(arrival: station)
  }

  @discardableResult
  public func stop() -> StationWatchStopResult { sources.stop() }

  /// A part's event: passed on if the merge admits it, as the journey's progress says.
  public func stationSource(_ source: any StationSourceUseCase, didReport event: StationSourceEvent) {
    guard isRunning, let arrival, let event = merge.admit(event) else { return }
    switch event {
    case .found(let station, let evidence, let time):
      let isArrival = station.beacon == arrival.beacon
      if progress == nil, !isArrival, let planned = try? catalog.journey(from: station, to: arrival) {
        // The first station found is where the journey starts.
        progress = JourneyProgress(journey: planned)
      }
      for event in progress?.found(station) ?? [isArrival ? .arrived(station) : .found(station)] {
        // The delegate may stop the use case from a callback: later events are then dropped.
        guard isRunning else { return }
        switch event {
        case .arrived(let station):
          // Stop first, so a delegate that starts a new journey from the callback gets `.started`.
          sources.pause()
          delegate?.notifyWhenNearMRTStationAndSpecificMRTStationOnce(
            self, didArriveAt: station, evidence: evidence, at: time)
        case .found(let station):
          delegate?.notifyWhenNearMRTStationAndSpecificMRTStationOnce(
            self, didFind: station, evidence: evidence, at: time)
        case .transfer(let transfer, let next):
          delegate?.notifyWhenNearMRTStationAndSpecificMRTStationOnce(
            self, didReachTransfer: transfer, next: next, evidence: evidence, at: time)
        case .wrongDirection(let station, let leg):
          delegate?.notifyWhenNearMRTStationAndSpecificMRTStationOnce(
            self, didGoWrongWayAt: station, on: leg, at: time)
        case .approaching:
          break  // told when the station before is left
        }
      }
    case .left(let station, let time):
      for case .approaching(let next, let approach) in progress?.left(station) ?? [] {
        guard isRunning else { return }
        delegate?.notifyWhenNearMRTStationAndSpecificMRTStationOnce(
          self, isApproaching: next, approach: approach, at: time)
      }
    case .suspect(let station, let reason, let time):
      delegate?.notifyWhenNearMRTStationAndSpecificMRTStationOnce(self, didSuspect: station, reason: reason, at: time)
    case .locationSourceChanged(let condition):
      delegate?.notifyWhenNearMRTStationAndSpecificMRTStationOnce(self, gpsDidChange: condition)
    }
  }
}
