import BeaconScanning
import Beacons
import BluetoothTypes
import HCIController
import HCITransportCore
import LineFormats
import MRTNavigation
import Positioning
import ProgramOutput
import ScanSession

/// `--report FILE` for one run: the collector that hears it (and the journey, when there is one)
/// and, at the end, the page written with what was run (the command, the source, the catalog and the detector's constants).
///
/// A live run also rewrites the page every `checkpointInterval` (`--report-every`), so that a
/// run cut short without an end (power lost, killed) keeps its page up to then. Time is checked
/// as sightings and fixes come and as the finder reports time passing.
package final class RunReport: BeaconFinderDelegate {
  package let collector: RunReportCollector
  package let file: ReportFile
  package let program: String
  package let title: String
  package let run: [(label: String, value: String)]
  package let checkpointInterval: Duration?
  private let clock = ContinuousClock()
  private var nextCheckpoint: ContinuousClock.Instant?
  private var sightingsSinceClockCheck = 0
  private var checkpointHasFailed = false
  /// The scanner's counts for the page's totals, when there is a Bluetooth source.
  package var statistics: () -> ScanStatistics? = { nil }

  /// A report of a run of `program`, run as `command` (its arguments, the program's name first),
  /// over `source` (a live controller scanning as `scan` says), detected with `policy` and
  /// `ranging`; rewritten every `checkpointInterval` while it runs, when given.
  package init(
    file: ReportFile, program: String, command: [String], title: String, source: String,
    scan: ScanConfiguration? = nil,
    catalog: StationCatalog, catalogName: String?, policy: StationPresencePolicy, ranging: BeaconRanging.Configuration,
    journey: Journey? = nil, checkpointInterval: Duration? = nil
  ) {
    self.file = file
    self.program = program
    self.title = title
    self.checkpointInterval = checkpointInterval
    nextCheckpoint = checkpointInterval.map { ContinuousClock.now.advanced(by: $0) }
    collector = RunReportCollector(catalog: catalog, policy: policy, rangingConfiguration: ranging)
    collector.journey = journey
    var run = [
      ("command", command.map(Self.quoted).joined(separator: " ")),
      ("source", source),
    ]
    if let scan { run.append(("scan", scan.reportText)) }
    self.run =
      run + [
        ("catalog", catalogName ?? "built in: \(catalog.stations.count) stations on \(catalog.lines.count) lines"),
        (
          "station detection",
          "enter at ≥ \(NumberText.oneDecimal(policy.enterThreshold)) dBm smoothed for "
            + "\(policy.enterReportCount) reports, leave below \(NumberText.oneDecimal(policy.exitThreshold)) dBm "
            + "or after \(ranging.exitPeriod.spokenDescription) unheard"
        ),
        (
          "smoothing",
          "trimmed mean over \(ranging.smoothingWindow.spokenDescription), "
            + "\(NumberText.oneDecimal(ranging.trimmedFraction * 100)) % trimmed at each end"
        ),
      ]
  }

  /// Listens to `finder`'s sightings beside its other listeners.
  package var listener: any BeaconFinderDelegate { self }

  package func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    record(.sighting(sighting))
  }

  package func beaconFinder(_ finder: any BeaconFinder, didReach time: Timestamp) {
    record(.time(time))
  }

  /// A ride's sample (``MRTNavigation/RideEffect/reportSample(_:)``): a sighting, a fix or time passing.
  package func record(_ sample: RideReportSample) {
    switch sample {
    case .sighting(let sighting):
      collector.record(sighting)
      // The clock is read once in a while, not for every report of a flood.
      sightingsSinceClockCheck += 1
      if sightingsSinceClockCheck >= 256 { checkpointIfDue() }
    case .fix(let fix):
      collector.record(fix)
      checkpointIfDue()
    case .time(let time):
      collector.record(time)
      checkpointIfDue()
    }
  }

  /// Rewrites the page if the interval has passed since the last time; a failure is said once
  /// and the run goes on (the page at the end says it again, and fails the run).
  private func checkpointIfDue() {
    sightingsSinceClockCheck = 0
    guard let checkpointInterval, let next = nextCheckpoint, clock.now >= next else { return }
    nextCheckpoint = clock.now.advanced(by: checkpointInterval)
    guard collector.origin != nil else { return }
    do {
      try file.write(html)
    } catch {
      if !checkpointHasFailed {
        StandardError.writeLine("\(program): --report \(error) (the run goes on)", priority: .warning)
      }
      checkpointHasFailed = true
    }
  }

  /// The page as it stands.
  private var html: String { collector.page(title: title, run: run, statistics: statistics()).html }

  /// Runs `body` (the scan or the ride), then writes the page whatever its outcome (what a run
  /// that failed part-way heard is kept), then passes the outcome on. Without a report, just
  /// runs `body`.
  package static func run(reportingTo report: RunReport?, _ body: () throws -> Void) throws {
    let outcome = Result(catching: body)
    try report?.write(after: outcome)
    try outcome.get()
  }

  /// Writes the page, saying where on standard error; a failure is said and becomes exit 74
  /// (``ScanSession/ProcessExitStatus/ioError``).
  /// A run that failed before anything was heard (no controller, a capture that is not one)
  /// leaves no page: there is nothing to look at, and the failure is what it says.
  private func write(after outcome: Result<Void, any Error>) throws {
    if case .failure = outcome, collector.origin == nil {
      StandardError.writeLine("\(program): no report written to \(file.path): nothing was heard", priority: .notice)
      return
    }
    let html = self.html
    do {
      try file.write(html)
    } catch {
      StandardError.writeLine("\(program): --report \(error)", priority: .error)
      throw ProcessExitStatus.ioError
    }
    let kib = (html.utf8.count + 1023) / 1024
    StandardError.writeLine("\(program): wrote the report to \(file.path) (\(kib) KiB)", priority: .notice)
  }

  /// An argument as a shell would need it: quoted when it holds anything but plain characters.
  package static func quoted(_ argument: String) -> String {
    let plain = argument.unicodeScalars.allSatisfy { scalar in
      scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./:=,@+%".unicodeScalars.contains(scalar)
    }
    guard !plain || argument.isEmpty else { return argument }
    return "'" + argument.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
  }
}
