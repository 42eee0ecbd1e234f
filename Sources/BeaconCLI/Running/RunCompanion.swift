import BeaconScanning
import GPSDClient

/// A second source worked beside the scan loop, in turns with it: the gpsd finder of
/// `beacon-ride --gps`. It goes on alone when the Bluetooth source ends (a capture's end, an
/// adapter gone).
/// Or the other radios of `beacon-scan -i hci0 -i hci1` (``CompanionRadios``).
protocol RunCompanion: AnyObject {
  /// How messages name it: `GPS`, `hci1`.
  var name: String { get }
  /// Its scanners' counts, added to the run's (`nil`: it scans no radio).
  var statistics: ScanStatistics? { get }
  /// Works until `deadline` (`nil`: none) or until `shouldStop` says so.
  func work(until deadline: ContinuousClock.Instant?, shouldStop: () -> Bool)
}

extension GPSDLocationFinder: RunCompanion {
  var name: String { "GPS" }
  var statistics: ScanStatistics? { nil }

  func work(until deadline: ContinuousClock.Instant?, shouldStop: () -> Bool) {
    _ = run(until: deadline, shouldStop: shouldStop)
  }
}
