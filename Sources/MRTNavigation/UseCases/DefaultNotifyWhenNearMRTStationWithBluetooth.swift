/// ``NotifyWhenNearMRTStationWithBluetooth`` over a ``StationDetector``.
///
/// A class because the use case has identity (the delegate is told which use case reported) and
/// is driven from one place; it is not `Sendable`: keep it on one actor.
public final class DefaultNotifyWhenNearMRTStationWithBluetooth: StationWatchingUseCase,
  NotifyWhenNearMRTStationWithBluetooth
{
  public weak var delegate: (any NotifyWhenNearMRTStationWithBluetoothDelegate)?

  public func start() -> StationWatchStartResult { startWatching() }

  override func report(_ events: [StationEvent]) {
    for event in events {
      // The delegate may stop the use case from a callback: later events are then dropped.
      guard isRunning else { return }
      switch event {
      case .found(let station, let rssi, let time):
        delegate?.notifyWhenNearMRTStation(self, didFind: station, rssi: rssi, at: time)
      case .left(let station, let time):
        delegate?.notifyWhenNearMRTStation(self, didLeave: station, at: time)
      case .suspect(let station, let reason, let time):
        delegate?.notifyWhenNearMRTStation(self, didSuspect: station, reason: reason, at: time)
      }
    }
  }
}
