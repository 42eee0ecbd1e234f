import BeaconScanning

/// Where a scan's results go, whichever source they come from: printed lines or a table
/// (``SightingPresenter``), a summary (``ScanSummaryPresenter``), or station events
/// (``StationEventPresenter``, ``RidePresenter``). The sightings themselves reach the
/// presenters as the finder's delegate (or through a use case); this is the rest of the run.
public protocol ScanOutput: AnyObject {
  /// An event the scanner could not fully decode.
  func warn(_ problem: ScanProblem)
  /// Whether the output needs nothing more (a ride that has arrived, standard output's reader
  /// gone); the run then stops.
  var isDone: Bool { get }
  /// The scan has ended; `statistics` are the scanner's counts.
  func finish(statistics: ScanStatistics)
}
