import BeaconScanning
import Beacons
import BluetoothTypes
import LineFormats
import MRTNavigation
import PhoneModels
import ProgramOutput
import ScanSession

/// `--phone MODEL --trials N`: keeps the capture's station reports and, when the capture ends,
/// runs them past N phones (``PhoneTrials``) and prints each station visit's notice
/// (``PhoneNoticeFormatter``). Only reports of the catalog's stations are kept.
final class PhoneTrialsPresenter: ScanOutput, BeaconFinderDelegate {
  private let program: String
  private let trials: PhoneTrials
  private let model: PhoneModel
  private let count: Int
  private let seed: UInt64
  private let format: OutputFormat
  private let output: StandardOutput
  private var sightings: [BeaconSighting] = []
  private var finished = false

  init(
    program: String, trials: PhoneTrials, model: PhoneModel, count: Int, seed: UInt64, format: OutputFormat,
    output: StandardOutput
  ) {
    self.program = program
    self.trials = trials
    self.model = model
    self.count = count
    self.seed = seed
    self.format = format
    self.output = output
  }

  /// Reads the capture through `finder` in `run`, then prints the trials (or why it could not start).
  func read(_ finder: HCIBeaconFinder, in run: ScanRun) throws {
    finder.delegate = self
    switch finder.start() {
    case .started, .alreadyStarted: try run.run(finder, output: self)
    case .notAuthorized, .bluetoothUnavailable, .failed: try run.reportStartFailure(of: finder, output: self)
    }
  }

  func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    if trials.catalog.station(for: sighting.frame.identity) != nil { sightings.append(sighting) }
  }

  func beaconFinder(_ finder: any BeaconFinder, didReach time: Timestamp) {}

  func warn(_ problem: ScanProblem) { StandardError.writeLine("\(program): warning: \(problem)") }

  var isDone: Bool { output.endsRun }

  /// Runs the trials on what the capture held, and prints a line per visit.
  func finish(statistics: ScanStatistics) {
    guard !finished else { return }
    finished = true
    let visits = trials.visits(in: sightings)
    let formatter = PhoneNoticeFormatter(
      format: format, model: model, trials: count, seed: seed,
      names: .displayNames(of: visits.noticed.map(\.station)))
    // Long runs say how far they are, a line each tenth, on standard error.
    let work = count * max(sightings.count, 1)
    let tenth = max(count / 10, 1)
    let notices = trials.notice(visits.noticed, in: sightings, phone: model.schedule, trials: count, seed: seed) {
      done in
      if work >= 2_000_000, done % tenth == 0, done < count {
        StandardError.writeLine("\(program): \(done) of \(count) phones", priority: .info)
      }
    }
    for line in formatter.header() { output.writeLine(line) }
    for (visit, notice) in zip(visits.noticed, notices) { output.writeLine(formatter.line(visit, notice)) }
    for line in formatter.summary(notices, heardOnly: visits.heardOnly) { output.writeLine(line) }
    if visits.noticed.isEmpty {
      StandardError.writeLine(
        "\(program): the capture holds no station visit to score: none of its station beacons was heard well enough "
          + "to be found on every report", priority: .warning)
    }
    output.flush()
  }
}
