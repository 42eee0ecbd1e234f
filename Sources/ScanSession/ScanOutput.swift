import BeaconScanning
import BluetoothTypes

/// Where a scan's results go, whichever source they come from: `BeaconCLI`'s presenters of
/// printed lines or a table, a summary, or station events. The sightings themselves reach the
/// presenters as the finder's delegate (or through a use case); this is the rest of the run.
package protocol ScanOutput: AnyObject {
  /// An event the scanner could not fully decode.
  func warn(_ problem: ScanProblem)
  /// Whether the output needs nothing more (a ride that has arrived, standard output's reader
  /// gone); the run then stops.
  var isDone: Bool { get }
  /// The scan has ended; `statistics` are the scanner's counts.
  func finish(statistics: ScanStatistics)
  /// The controller has been gone for `gone`, and a `--reconnect` run waits for it; told again
  /// and again while it waits (`now`: the time of day), so that a live view keeps its clock.
  func controllerAway(for gone: Duration, now: Timestamp)
  /// The controller is back, scanning again.
  func controllerBack()
}

extension ScanOutput {
  /// Nothing to show while the controller is gone: the run's lines on standard error say it.
  package func controllerAway(for gone: Duration, now: Timestamp) {}
  package func controllerBack() {}
}
