import Beacons
import BluetoothTypes

/// What the three station use cases share: the default-valued initializer, a ``StationWatch``,
/// and feeding it sightings and time. Each use case subclasses it and says, in
/// ``report(_:)``, which station events reach its delegate. Not `Sendable`: keep it on one actor.
public class StationWatchingUseCase {
  var watch: StationWatch

  public init(
    catalog: StationCatalog = JakartaMRT.catalog, policy: StationPresencePolicy = StationPresencePolicy(),
    finderConfiguration: BeaconFinder.Configuration = BeaconFinder.Configuration(),
    authorization: any BluetoothAuthorizing = FixedBluetoothAuthorization()
  ) {
    watch = StationWatch(
      catalog: catalog, policy: policy, finderConfiguration: finderConfiguration, authorization: authorization)
  }

  /// Whether the use case has been started and not stopped (by ``stop()`` or by itself).
  public var isRunning: Bool { watch.isRunning }

  /// Stops reporting; `.notRunning` when it was not running.
  public func stop() -> StationWatchStopResult { watch.stop() }

  /// Takes one sighting of a beacon (from a scan or a replay).
  public func handle(_ sighting: BeaconSighting) { report(watch.handle(sighting)) }

  /// Lets time pass without a sighting, so that stations not heard for a while are left.
  public func advance(to time: CaptureTime) { report(watch.advance(to: time)) }

  /// Tells the delegate about `events`, in order, while the use case runs.
  func report(_ events: [StationEvent]) {}
}
