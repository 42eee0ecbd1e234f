import BeaconScanning
import GPSDClient
import ScanSession

/// `beacon-ride --gps`: the gpsd finder worked beside the scan loop, in turns with it.
extension GPSDLocationFinder: RunCompanion {
  package var name: String { "GPS" }
  package var statistics: ScanStatistics? { nil }

  package func work(until deadline: ContinuousClock.Instant?, shouldStop: () -> Bool) {
    _ = run(until: deadline, shouldStop: shouldStop)
  }
}
