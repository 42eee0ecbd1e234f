import BeaconScanning
import Beacons
import BluetoothTypes

/// A scan's output and its MQTT reporter side by side, as the finder's delegate: the sightings
/// go to what they went to without `--mqtt` (a presenter, or the `--notify` use case) and to the
/// reporter; the output prints exactly what it prints alone, and the reporter finishes after it.
final class ScanOutputWithMQTT: ScanOutput, BeaconFinderDelegate {
  let output: any ScanOutput
  let sightings: any BeaconFinderDelegate
  let reporter: MQTTBeaconReporter

  /// `sightings` receives what the finder reports (it is `output` itself for a presenter).
  init(output: any ScanOutput, sightings: any BeaconFinderDelegate, reporter: MQTTBeaconReporter) {
    self.output = output
    self.sightings = sightings
    self.reporter = reporter
  }

  func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    sightings.beaconFinder(finder, didSee: sighting)
    reporter.beaconFinder(finder, didSee: sighting)
  }

  func beaconFinder(_ finder: any BeaconFinder, didReach time: CaptureTime) {
    sightings.beaconFinder(finder, didReach: time)
    reporter.beaconFinder(finder, didReach: time)
  }

  func warn(_ problem: ScanProblem) { output.warn(problem) }

  var isDone: Bool { output.isDone }

  func finish(statistics: ScanStatistics) {
    output.finish(statistics: statistics)
    reporter.finish()
  }
}
