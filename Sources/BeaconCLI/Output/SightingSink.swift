import Beacons
import BeaconScanning
import MRTNavigation
import BeaconStatistics
import BluetoothTypes
import HCICodec

/// Where a scan's sightings go: printed lines or a table (``SightingPresenter``), or station
/// events (``StationEventPresenter``, ``RidePresenter``). The same replay and live loops feed
/// any of them.
public protocol SightingSink: AnyObject {
  func present(_ sighting: BeaconSighting)
  func warn(_ problem: ScanProblem)
  /// Time passes without a sighting (live: the time of day; replay: the capture's time).
  func tick(now: CaptureTime)
  /// Whether the sink needs nothing more (a ride that has arrived, standard output's reader
  /// gone); the loop then stops.
  var isDone: Bool { get }
  func finish()
  /// The scan has ended; `statistics` are the scanner's counts. Sinks that need no counts
  /// have this call ``finish()``.
  func finish(statistics: ScanStatistics)
}

extension SightingSink {
  public func finish(statistics: ScanStatistics) { finish() }
}

extension SightingPresenter: SightingSink {
  public func tick(now: CaptureTime) { redrawIfDue(now: now) }
  public var isDone: Bool { output.readerHasGone }
}
