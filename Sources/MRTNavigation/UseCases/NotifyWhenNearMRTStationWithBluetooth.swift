import Beacons

/// Tells the rider each station they arrive at, by its beacons: once per arrival, none while they
/// stay, again after they have left and come back; and each station left. The Bluetooth half of
/// the product design's pair (``NotifyWhenNearMRTStationWithGPS`` is the other), on its own.
///
/// The ride of ``RideStory/stationEvents`` over a ``BeaconFinder``: starting it starts the finder,
/// whose answer decides the use case's (no permission is
/// ``StationWatchStartResult/notAuthorized``, no adapter ``StationWatchStartResult/bluetoothUnavailable``).
/// Not `Sendable`: keep it on one actor.
public final class NotifyWhenNearMRTStationWithBluetooth: RideUseCase {
  public let runner: RideRunner
  private let detection: RideDetection

  public init(finder: any BeaconFinder, detection: RideDetection) {
    runner = RideRunner(finder: finder, locationFinder: nil)
    self.detection = detection
  }

  /// Starts the finder, then watching from a clean slate; or says why it cannot.
  public func start() -> StationWatchStartResult {
    runner.start([.stationEvents], detection: detection)
  }
}
