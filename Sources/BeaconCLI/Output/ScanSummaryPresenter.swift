import BeaconScanning
import BeaconStatistics
import Beacons
import BluetoothTypes
import LineFormats
import MRTNavigation
import ProgramOutput
import ScanSession

/// `beacon-scan --summary`: counts every sighting into a ``ScanSummary`` and prints it once,
/// when the scan ends (end of capture, `--duration`, Ctrl-C).
public final class ScanSummaryPresenter: ScanOutput, BeaconFinderDelegate {
  /// Unchecked: a summary is recorded into for every report, only from the finder's run, never
  /// reentrantly; a dynamic exclusivity check on each took 9 % of a flood's whole process.
  @exclusivity(unchecked) private var summary: ScanSummary
  private let formatter: ScanSummaryFormatter
  private let output: StandardOutput
  private let sourceName: String
  private var problemCount = 0
  private var printed = false
  private var notice = ImpossibleRSSINotice()

  /// Malformed events are listed one by one up to this many, then counted.
  static let problemsShownInFull = 20

  public init(format: OutputFormat, output: StandardOutput, sourceName: String, catalog: StationCatalog) {
    summary = ScanSummary(catalog: catalog)
    formatter = ScanSummaryFormatter(format: format)
    self.output = output
    self.sourceName = sourceName
  }

  public func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    notice.check(sighting, program: "beacon-scan", source: sourceName)
    summary.record(sighting)
  }

  public func beaconFinder(_ finder: any BeaconFinder, didReach time: Timestamp) {}

  public func warn(_ problem: ScanProblem) {
    problemCount += 1
    if problemCount <= Self.problemsShownInFull {
      StandardError.writeLine("beacon-scan: warning: \(sourceName): \(problem)")
    }
  }

  public var isDone: Bool { false }

  public func finish(statistics: ScanStatistics) {
    guard !printed else { return }
    printed = true
    for line in formatter.lines(summary: summary, statistics: statistics, source: sourceName) {
      output.writeLine(line)
    }
    output.flush()
    if problemCount > Self.problemsShownInFull {
      StandardError.writeLine(
        "beacon-scan: warning: \(sourceName): \(problemCount - Self.problemsShownInFull) more malformed event(s) not shown"
      )
    }
  }
}
