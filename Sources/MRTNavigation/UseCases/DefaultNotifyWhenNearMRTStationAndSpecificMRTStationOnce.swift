/// ``NotifyWhenNearMRTStationAndSpecificMRTStationOnce`` over a ``StationDetector``. Not
/// `Sendable`: keep it on one actor.
public final class DefaultNotifyWhenNearMRTStationAndSpecificMRTStationOnce:
  StationWatchingUseCase, NotifyWhenNearMRTStationAndSpecificMRTStationOnce
{
  public weak var delegate: (any NotifyWhenNearMRTStationAndSpecificMRTStationOnceDelegate)?
  public private(set) var arrival: Station?

  /// Starts a journey to `arrival`; `.unknownStation` when the catalog has no station with its beacon.
  public func start(arrival: Station) -> StationWatchStartResult {
    guard !isRunning else { return .alreadyStarted }
    guard let known = catalog.station(for: arrival.beacon) else { return .unknownStation }
    let result = startWatching()
    if result == .started { self.arrival = known }
    return result
  }

  /// Starts a journey to the station named `name` (as ``StationCatalog/station(named:)`` accepts).
  public func start(arrivalNamed name: String) -> StationWatchStartResult {
    guard let station = catalog.station(named: name) else { return .unknownStation }
    return start(arrival: station)
  }

  override func report(_ events: [StationEvent]) {
    for event in events {
      guard isRunning else { return }
      switch event {
      case .found(let station, let rssi, let time) where station.beacon == arrival?.beacon:
        // Stop first, so a delegate that starts a new journey from the callback gets `.started`.
        stopWatching()
        delegate?.notifyWhenNearMRTStationAndSpecificMRTStationOnce(self, didArriveAt: station, rssi: rssi, at: time)
        return
      case .found(let station, let rssi, let time):
        delegate?.notifyWhenNearMRTStationAndSpecificMRTStationOnce(self, didFind: station, rssi: rssi, at: time)
      case .left:
        break
      case .suspect(let station, let reason, let time):
        delegate?.notifyWhenNearMRTStationAndSpecificMRTStationOnce(
          self, didSuspect: station, reason: reason, at: time)
      }
    }
  }
}
