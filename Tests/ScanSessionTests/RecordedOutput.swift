import BeaconScanning
import Beacons
import BluetoothTypes
import ScanSession

/// A scan's output that keeps what it is told: the sightings (as the finder's delegate), the
/// scanner's problems and the final counts.
final class RecordedOutput: ScanOutput, BeaconFinderDelegate {
  private(set) var sightings: [BeaconSighting] = []
  private(set) var problems: [ScanProblem] = []
  /// The counts the run finished with; `nil` until it has.
  private(set) var finished: ScanStatistics?

  var isDone: Bool { false }

  func warn(_ problem: ScanProblem) { problems.append(problem) }

  func finish(statistics: ScanStatistics) { finished = statistics }

  func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) { sightings.append(sighting) }

  func beaconFinder(_ finder: any BeaconFinder, didReach time: Timestamp) {}
}
