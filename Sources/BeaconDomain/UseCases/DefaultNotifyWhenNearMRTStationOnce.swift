import HCICodec

/// ``NotifyWhenNearMRTStationOnce`` over a ``StationDetector``. Not `Sendable`: keep it on one actor.
public final class DefaultNotifyWhenNearMRTStationOnce: NotifyWhenNearMRTStationOnce {
  public weak var delegate: (any NotifyWhenNearMRTStationOnceDelegate)?
  private var watch: StationWatch

  public init(
    catalog: StationCatalog = JakartaMRT.catalog, policy: StationPresencePolicy = StationPresencePolicy(),
    finderConfiguration: BeaconFinder.Configuration = BeaconFinder.Configuration(),
    authorization: any BluetoothAuthorizing = FixedBluetoothAuthorization()
  ) {
    watch = StationWatch(
      catalog: catalog, policy: policy, finderConfiguration: finderConfiguration, authorization: authorization)
  }

  public var isRunning: Bool { watch.isRunning }

  public func start() -> StationWatchStartResult { watch.start() }

  public func stop() -> StationWatchStopResult { watch.stop() }

  public func handle(_ sighting: BeaconSighting) { report(watch.handle(sighting)) }

  public func advance(to time: CaptureTime) { report(watch.advance(to: time)) }

  private func report(_ events: [StationEvent]) {
    for event in events {
      guard watch.isRunning else { return }
      switch event {
      case .found(let station, let rssi, let time):
        // Stop first, so a delegate that starts again from the callback gets `.started`.
        _ = watch.stop()
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
