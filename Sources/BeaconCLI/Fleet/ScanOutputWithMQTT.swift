import BeaconScanning
import Beacons
import BluetoothTypes

/// A scan's output (lines, table or summary) and its MQTT reporter side by side: the presenter
/// prints exactly what it prints alone; the reporter publishes the same sightings.
final class ScanOutputWithMQTT: ScanOutput, BeaconFinderDelegate {
  let presenter: any ScanOutput & BeaconFinderDelegate
  let reporter: MQTTBeaconReporter

  init(presenter: any ScanOutput & BeaconFinderDelegate, reporter: MQTTBeaconReporter) {
    self.presenter = presenter
    self.reporter = reporter
  }

  func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    presenter.beaconFinder(finder, didSee: sighting)
    reporter.beaconFinder(finder, didSee: sighting)
  }

  func beaconFinder(_ finder: any BeaconFinder, didReach time: CaptureTime) {
    presenter.beaconFinder(finder, didReach: time)
    reporter.beaconFinder(finder, didReach: time)
  }

  func warn(_ problem: ScanProblem) { presenter.warn(problem) }

  var isDone: Bool { presenter.isDone }

  func finish(statistics: ScanStatistics) {
    presenter.finish(statistics: statistics)
    reporter.finish()
  }
}
