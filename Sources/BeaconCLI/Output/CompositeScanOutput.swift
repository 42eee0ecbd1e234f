import BeaconScanning
import Beacons
import BluetoothTypes
import FleetProtocol
import ScanSession

/// A scan's output and what else hears its sightings, as the finder's one delegate: the
/// sightings go, in order, to what they went to alone (a presenter, or the `--notify` use case),
/// to the `--expect` watch and to the MQTT reporter. The output prints exactly what it prints
/// alone; the reporter finishes after it.
final class CompositeScanOutput: ScanOutput, BeaconFinderDelegate {
  let output: any ScanOutput
  let listeners: [any BeaconFinderDelegate]
  let reporter: MQTTBeaconReporter?

  /// The finder's delegate for `output` and `listeners`: the output itself when it is the only
  /// listener and there is no reporter (the summary's hot path keeps its direct call), otherwise
  /// a composite of them.
  static func combining(
    _ output: any ScanOutput & BeaconFinderDelegate, with others: [any BeaconFinderDelegate],
    reporter: MQTTBeaconReporter?
  ) -> any ScanOutput & BeaconFinderDelegate {
    guard !others.isEmpty || reporter != nil else { return output }
    return CompositeScanOutput(output: output, listeners: [output] + others, reporter: reporter)
  }

  init(output: any ScanOutput, listeners: [any BeaconFinderDelegate], reporter: MQTTBeaconReporter?) {
    self.output = output
    self.listeners = listeners + (reporter.map { [$0] } ?? [])
    self.reporter = reporter
  }

  func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    for listener in listeners { listener.beaconFinder(finder, didSee: sighting) }
  }

  func beaconFinder(_ finder: any BeaconFinder, didReach time: Timestamp) {
    for listener in listeners { listener.beaconFinder(finder, didReach: time) }
  }

  func warn(_ problem: ScanProblem) { output.warn(problem) }

  var isDone: Bool { output.isDone }

  func controllerAway(for gone: Duration, now: Timestamp) { output.controllerAway(for: gone, now: now) }

  func controllerBack() { output.controllerBack() }

  func finish(statistics: ScanStatistics) {
    output.finish(statistics: statistics)
    reporter?.finish()
  }
}
