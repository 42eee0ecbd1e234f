// detection-sweep: detection latency and accuracy of the station detector over the ride fixtures,
// across a sweep of policy constants, then of scan duty cycles (DutySweep); or, with --phones, what
// the named phone models notice (PhoneSweep). Usage:
//   swift run detection-sweep [--stops] [--chart FILE.html] [--phones [--phone-trials N]] [CAPTURE.btsnoop ...]
// --chart writes the sweep as a page as well: a chart a constant (median latency and stops on
// time at each value tried, the default marked).
// Without captures it reads Fixtures/ride-*.btsnoop; each needs NAME.expected-stations.json
// beside it (tools/make-fixtures.py writes them).
import ArgumentParser
import Beacons
import BluetoothTypes
import Foundation
import MRTNavigation
import POSIXSupport
import PhoneModels
import RideReports
import StationCatalogs

/// One row of the sweep: a policy and finder configuration, and what differs from the defaults.
struct SweepRow {
  var label: String
  var policy: StationPresencePolicy
  var finder: BeaconRanging.Configuration
  /// The constant changed (its chart's title) and its value; `nil` for the default row.
  var constant: (title: String, value: Double)?
}

/// A constant swept: its chart's title, its default value, the other values tried and how to
/// set one.
struct SweptConstant {
  var title: String
  var defaultValue: Double
  var values: [Double]
  var label: (Double) -> String
  var apply: (Double, inout StationPresencePolicy, inout BeaconRanging.Configuration) -> Void
}

func sweptConstants() -> [SweptConstant] {
  let policy = StationPresencePolicy()
  let finder = BeaconRanging.Configuration()
  func seconds(_ duration: Duration) -> Double { Double(duration.wholeMicroseconds) / 1_000_000 }
  return [
    SweptConstant(
      title: "Enter threshold (dBm)", defaultValue: policy.enterThreshold, values: [-84, -86, -90, -92],
      label: { "enter \(Int($0))" }, apply: { value, policy, _ in policy.enterThreshold = value }),
    SweptConstant(
      title: "Strong reports in a row", defaultValue: Double(policy.enterReportCount), values: [2, 4, 5],
      label: { "reports \(Int($0))" }, apply: { value, policy, _ in policy.enterReportCount = Int(value) }),
    SweptConstant(
      title: "Exit threshold (dBm)", defaultValue: policy.exitThreshold, values: [-92, -98],
      label: { "exit \(Int($0))" }, apply: { value, policy, _ in policy.exitThreshold = value }),
    SweptConstant(
      title: "Smoothing window (s)", defaultValue: seconds(finder.smoothingWindow), values: [5, 15],
      label: { "window \(Int($0))s" }, apply: { value, _, finder in finder.smoothingWindow = .seconds(value) }),
    SweptConstant(
      title: "Lost after (s)", defaultValue: seconds(finder.exitPeriod), values: [10, 15, 30],
      label: { "lost after \(Int($0))s" }, apply: { value, _, finder in finder.exitPeriod = .seconds(value) }),
  ]
}

func sweepRows() -> [SweepRow] {
  var rows = [SweepRow(label: "default", policy: StationPresencePolicy(), finder: BeaconRanging.Configuration())]
  for constant in sweptConstants() {
    for value in constant.values {
      var policy = StationPresencePolicy()
      var finder = BeaconRanging.Configuration()
      constant.apply(value, &policy, &finder)
      rows.append(
        SweepRow(label: constant.label(value), policy: policy, finder: finder, constant: (constant.title, value)))
    }
  }
  return rows
}

/// A chart's point: a value tried and its score.
func point(_ value: Double, _ score: RideScore, isDefault: Bool) -> SweepChart.Point {
  SweepChart.Point(
    value: value, medianLatency: score.medianLatency,
    onTimeShare: score.stops > 0 ? Double(score.onTime) / Double(score.stops) : 0,
    errors: score.missed + score.falseFound, isDefault: isDefault)
}

/// A row's figures: stops, on time, early, missed, false, suspect, median and max latency.
func cells(_ score: RideScore) -> [String] {
  [
    "\(score.stops)", "\(score.onTime)", "\(score.early)", "\(score.missed)", "\(score.falseFound)",
    "\(score.suspects)", format(score.medianLatency), format(score.latencies.max()),
  ]
}

/// One chart a swept constant: its values and the default, with their scores.
func sweepCharts(_ scored: [(row: SweepRow, score: RideScore)], defaultScore: RideScore) -> [SweepChart] {
  sweptConstants().map { constant in
    let tried = scored.compactMap { entry -> SweepChart.Point? in
      guard let swept = entry.row.constant, swept.title == constant.title else { return nil }
      return point(swept.value, entry.score, isDefault: false)
    }
    return SweepChart(
      title: constant.title, points: tried + [point(constant.defaultValue, defaultScore, isDefault: true)])
  }
}

/// The default constants as the table's first row names them.
func describeDefaults() -> String {
  let policy = StationPresencePolicy()
  let finder = BeaconRanging.Configuration()
  return "\(Int(policy.enterThreshold)) dBm, \(policy.enterReportCount) reports, exit \(Int(policy.exitThreshold)), "
    + "window \(finder.smoothingWindow.components.seconds) s, lost \(finder.exitPeriod.components.seconds) s"
}

func format(_ value: Double?) -> String {
  guard let value else { return "–" }
  return String(format: "%.1f", value)
}

func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// The command line: `detection-sweep [--stops] [--chart FILE] [CAPTURE ...]`.
struct DetectionSweepCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "detection-sweep",
    abstract:
      "Detection latency and accuracy of the station detector over ride captures, across a sweep of policy constants.",
    discussion: """
      Prints a Markdown table: a row for the default constants, then one for each constant \
      changed (enter and exit threshold, reports in a row, smoothing window, lost after), \
      with the stops found on time, early, missed or falsely, and the latencies. A second \
      table scores the default policy with the scanner listening 100, 90, 75, 50, 25 and 10 % of each \
      100 ms scan interval (--duty): a report counts only when it falls inside a scan window, \
      each ride at the worst of 10 window phases (the Detection article states the model). Each capture \
      needs NAME.expected-stations.json beside it (tools/make-fixtures.py writes them); \
      without captures it reads Fixtures/ride-*.btsnoop (run it from the package root).

      With --phones it prints instead what the named phone models notice (predicted, the \
      PhoneEye article): per model, the rides' station visits safe, marginal and missed over \
      --phone-trials phones each; then, per model, the share of phones that notice a beacon \
      advertising every 100 to 2000 ms while in range for 20 s.

      Exit status: 0 done; 1 a capture or its truth file cannot be read, or the chart cannot \
      be written; 2 no ride captures; 64 bad command line, or a --chart path that is not a \
      regular file or a new name in a writable folder (a link, a device, a FIFO).
      """)

  @Flag(help: "Also list each stop's latency under the default policy, and its time relative to standstill.")
  var stops = false

  @Option(
    help: ArgumentHelp(
      "Write the sweep as a page too: a chart a constant (median latency and stops on time at each value tried, the default marked).",
      valueName: "file"))
  var chart: String?

  @Flag(
    help:
      "Print what the named phone models notice instead (predicted, see the PhoneEye article): the rides' station visits under each, and a beacon at 100 to 2000 ms in a 20-s dwell."
  )
  var phones = false

  @Option(
    name: .customLong("phone-trials"), parsing: .unconditional,
    help: ArgumentHelp(
      "With --phones: the phones per ride visit or beacon, \(ValueRange.phoneTrials) (default: 1000).",
      valueName: "n"),
    transform: ValueRange.phoneTrials.parseInteger)
  var phoneTrials = 1000

  @Argument(help: ArgumentHelp("Ride captures (btsnoop), each with its truth file beside it.", valueName: "capture"))
  var captures: [String] = []

  /// A `--chart` path that could not be written is refused now, not after the sweep.
  func validate() throws {
    guard let chart else { return }
    do {
      try OutputFile(path: chart).check()
    } catch {
      throw ValidationError("--chart \(error)")
    }
  }

  func run() throws {
    var arguments = captures
    if arguments.isEmpty {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: "Fixtures")) ?? []
      // The rides that come with a truth file (a recorded ride, e.g. through the emulator, may not).
      arguments = names.filter { $0.hasPrefix("ride-") && $0.hasSuffix(".btsnoop") }.sorted()
        .filter { names.contains(String($0.dropLast(".btsnoop".count)) + ".expected-stations.json") }
        .map { "Fixtures/" + $0 }
    }
    guard !arguments.isEmpty else {
      FileHandle.standardError.write(Data("detection-sweep: no ride captures (run from the package root)\n".utf8))
      throw ExitCode(2)
    }
    let catalog: StationCatalog
    do {
      catalog = try BuiltInNetwork.loadCatalog()
    } catch {
      FileHandle.standardError.write(Data("detection-sweep: \(error)\n".utf8))
      throw ExitCode(70)
    }
    var rides: [DecodedRideFixture] = []
    for path in arguments {
      switch DecodedRideFixture.load(capturePath: path, catalog: catalog) {
      case .success(let ride): rides.append(ride)
      case .failure(let error):
        FileHandle.standardError.write(Data("detection-sweep: \(error.message)\n".utf8))
        throw ExitCode(1)
      }
    }

    print("Rides: \(rides.map(\.name).joined(separator: ", "))")
    print("")
    if phones {
      print("Predicted, not observed: \(phoneTrials) phones per ride visit and per beacon (seed 1).")
      print("")
      print("The rides' station visits under each phone model:")
      print("")
      for line in PhoneSweep.ridesTable(rides, trials: phoneTrials, seed: 1) { print(line) }
      print("")
      print(
        "A beacon at each advertising interval, in range for \(ValueRange.format(PhoneSweep.dwellSeconds)) s: the share of phones that notice it:"
      )
      print("")
      do throws(PhoneCheckError) {
        for line in try PhoneSweep.intervalsTable(trials: phoneTrials, seed: 1) { print(line) }
      } catch {
        FileHandle.standardError.write(Data("detection-sweep: \(error)\n".utf8))
        throw ExitCode(1)
      }
      return
    }
    let rows = sweepRows()
    var scored: [(row: SweepRow, score: RideScore)] = []
    let header = [
      "policy (change from default)", "stops", "on time", "early", "missed", "false", "suspect", "median s", "max s",
    ]
    print("| " + header.joined(separator: " | ") + " |")
    print("|" + String(repeating: "---|", count: header.count))
    var tableRows: [[String]] = []
    for row in rows {
      var score = RideScore()
      for ride in rides { score.add(ride, events: ride.events(policy: row.policy, finder: row.finder)) }
      scored.append((row, score))
      tableRows.append([row.constant == nil ? "default (\(describeDefaults()))" : row.label] + cells(score))
      let label = row.constant == nil ? "**default** (\(describeDefaults()))" : row.label
      print("| " + ([label] + cells(score)).joined(separator: " | ") + " |")
    }
    let defaultScore = scored.first { $0.row.constant == nil }?.score ?? RideScore()

    print("")
    print(
      "Scan duty, default policy (scan interval \(ValueRange.format(DutySweep.intervalMilliseconds)) ms; "
        + "each ride at the worst of \(DutySweep.phaseCount) window phases):")
    print("")
    let dutyHeader = ["scan duty"] + header.dropFirst()
    print("| " + dutyHeader.joined(separator: " | ") + " |")
    print("|" + String(repeating: "---|", count: dutyHeader.count))
    var dutyPoints: [SweepChart.Point] = []
    for duty in DutySweep.dutiesPercent {
      let score = DutySweep.score(rides, dutyPercent: duty)
      let isDefault = duty == 100
      dutyPoints.append(point(duty, score, isDefault: isDefault))
      tableRows.append(["duty " + DutySweep.label(duty)] + cells(score))
      let label = isDefault ? "**\(DutySweep.label(duty))**" : DutySweep.label(duty)
      print("| " + ([label] + cells(score)).joined(separator: " | ") + " |")
    }
    if let chartPath = chart {
      let page = SweepReportPage(
        title: "Station detection: the policy constants swept",
        run: [
          ("rides", rides.map(\.name).joined(separator: ", ")), ("defaults", describeDefaults()),
          ("scored", "on time: found while the train stood at the platform; median: from the station's first report"),
        ],
        charts: sweepCharts(scored, defaultScore: defaultScore) + [
          SweepChart(title: "Scan duty (%)", points: dutyPoints)
        ],
        table: (header, tableRows))
      do throws(OutputFileProblem) {
        try OutputFile(path: chartPath).replace(with: Array(page.html.utf8))
        FileHandle.standardError.write(Data("detection-sweep: wrote the sweep's charts to \(chartPath)\n".utf8))
      } catch {
        FileHandle.standardError.write(Data("detection-sweep: --chart \(error)\n".utf8))
        throw error.isRefusal ? ExitCode.validationFailure : ExitCode(1)
      }
    }
    if stops {
      print("")
      print("Default policy, per stop (latency from the station's first report to FOUND):")
      for stop in defaultScore.perStop {
        let when = stop.sinceStandstill.map { offset in
          offset < 0
            ? " (\(format(-offset)) s before the train stood still)" : " (\(format(offset)) s after it stood still)"
        }
        let latency = stop.latency.map { format($0) + " s" + (when ?? "") } ?? "missed"
        print("  \(pad(stop.ride, 34)) \(pad(stop.station, 16)) \(latency)")
      }
    }
  }
}

DetectionSweepCommand.main()
