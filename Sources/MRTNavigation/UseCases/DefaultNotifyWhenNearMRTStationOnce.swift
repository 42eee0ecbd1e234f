/// ``NotifyWhenNearMRTStationOnce`` over a ``StationDetector``. Not `Sendable`: keep it on one actor.
public final class DefaultNotifyWhenNearMRTStationOnce: StationWatchingUseCase, NotifyWhenNearMRTStationOnce {
  public weak var delegate: (any NotifyWhenNearMRTStationOnceDelegate)?

  public func start() -> StationWatchStartResult { startWatching() }

  override func report(_ events: [StationEvent]) {
    for event in events {
      guard isRunning else { return }
      switch event {
      case .found(let station, let rssi, let time):
        // Stop first, so a delegate that starts again from the callback gets `.started`.
        stopWatching()
        delegate?.notifyWhenNearMRTStationOnce(self, didFind: station, rssi: rssi, at: time)
        return
      case .left:
        break
      case .suspect(let station, let reason, let time):
        delegate?.notifyWhenNearMRTStationOnce(self, didSuspect: station, reason: reason, at: time)
      }
    }
  }
}
