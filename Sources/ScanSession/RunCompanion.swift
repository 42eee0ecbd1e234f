import BeaconScanning

/// A second source worked beside the scan loop, in turns with it: the gpsd finder of
/// `beacon-ride --gps` (its conformance is `BeaconCLI`'s), which goes on alone when the Bluetooth
/// source ends (a capture's end, an adapter gone); or the other radios of
/// `beacon-scan -i hci0 -i hci1` (``CompanionRadios``).
package protocol RunCompanion: AnyObject {
  /// How messages name it: `GPS`, `hci1`.
  var name: String { get }
  /// Its scanners' counts, added to the run's (`nil`: it scans no radio).
  var statistics: ScanStatistics? { get }
  /// Works until `deadline` (`nil`: none) or until `shouldStop` says so.
  func work(until deadline: ContinuousClock.Instant?, shouldStop: () -> Bool)
}
