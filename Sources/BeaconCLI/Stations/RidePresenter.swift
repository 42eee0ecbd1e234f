import BeaconScanning
import BluetoothTypes
import LineFormats
import LinuxNotifications
import MRTNavigation
import ProgramOutput
import RunReports
import ScanSession

/// What `beacon-ride` and `beacon-scan --notify` do with a ride's effects (``MRTNavigation/RideEffect``):
/// a line per event (``StationEventFormatter``), recorded in the run's report as it is written,
/// the alarm and notifications through ``Alerts``, the report's samples to the run's report. The
/// ride is done on arrival, or when standard output ends the run.
final class RidePresenter: ScanOutput, RideEffectHandler {
  let program: String
  /// How each event reads; its ``StationEventFormatter/predictedFor`` is set for `--phone`.
  var formatter: StationEventFormatter
  let output: StandardOutput
  let alerts: Alerts
  /// Whether lines say which source found a station (`beacon-ride`, which has two); `beacon-scan
  /// --notify`'s, Bluetooth only, do not.
  let namesSources: Bool
  /// `--report`, fed the ride's samples.
  let report: RunReport?
  /// With a timetable: how its estimates read.
  var estimates: RideEstimateText?
  private(set) var arrived: Station?
  /// Stations told so far.
  private(set) var found = 0

  init(
    program: String, format: OutputFormat, names: StationNameColumn, output: StandardOutput, alerts: Alerts,
    namesSources: Bool = true, report: RunReport? = nil
  ) {
    self.program = program
    self.formatter = StationEventFormatter(format: format, names: names)
    self.output = output
    self.alerts = alerts
    self.namesSources = namesSources
    self.report = report
  }

  func warn(_ problem: ScanProblem) { StandardError.writeLine("\(program): warning: \(problem)") }
  var isDone: Bool { arrived != nil || output.endsRun }
  func finish(statistics: ScanStatistics) { output.flush() }

  func handle(_ effect: RideEffect) {
    // The event and its line; one the rider should see at once is flushed.
    let event: StationEventLine
    var atOnce = true
    switch effect {
    case .reportSample(let sample):
      report?.record(sample)
      return
    case .found(let station, let evidence, let time, let estimate):
      found += 1
      if !namesSources {
        event = formatter.line(.found, station, rssi: evidence.rssi, at: time)
      } else if let estimate, let text = estimates?.text(estimate, foundAt: time) {
        event = formatter.line(.found, station, evidence: evidence, at: time, detail: text.detail, fields: text.fields)
      } else {
        event = formatter.line(.found, station, evidence: evidence, at: time)
      }
    case .left(let station, let time):
      event = formatter.line(.left, station, rssi: nil, at: time)
      atOnce = false
    case .arrived(let station, let evidence, let time):
      arrived = station
      event = formatter.line(.arrived, station, evidence: evidence, at: time)
    case .transfer(let transfer, let next, let evidence, let time):
      event = formatter.transfer(transfer, next: next, evidence: evidence, at: time)
    case .approaching(let station, let approach, let time):
      event = formatter.approaching(station, approach: approach, at: time)
    case .wrongDirection(let station, let leg, let time):
      event = formatter.wrongDirection(station, leg: leg, at: time)
    case .suspect(let station, let reason, let time):
      event = formatter.line(.suspect, station, rssi: nil, at: time, detail: reason.summary)
      atOnce = false
    case .trainArriving(let train, let station, let rssi, let time):
      event = formatter.train(train, at: station, rssi: rssi, time: time)
    case .riderAtDeparture(let station, _, _):
      StandardError.writeLine("\(program): at \(station.displayName); waiting for the train", priority: .info)
      return
    case .locationSourceChanged:
      return  // gpsd's finder says it on standard error itself
    case .alarm(let reason):
      let (title, body) = Self.words(for: reason)
      alerts.raise(title: title, body: body)
      return
    case .notification(let notice):
      let (title, body) = Self.words(for: notice)
      alerts.notify(title: title, body: body)
      return
    }
    // The report lists exactly the events printed.
    report?.collector.record(
      event.kind, station: event.station, source: event.source, at: event.time, detail: event.detail,
      place: event.place)
    output.writeLine(event.line)
    if atOnce { output.flush() }
  }

  /// The notification that goes with the alarm.
  static func words(for reason: AlarmReason) -> (title: String, body: String) {
    switch reason {
    case .arrived(let station):
      ("Arrived: \(station.displayName)", "Get off here.")
    case .trainArriving(let train, let station):
      (
        "Your train: \(train.line.displayName) towards \(train.headsign)",
        "It is coming in at \(station.displayName). Board it."
      )
    case .transfer(let transfer, let next):
      (
        "Change at \(transfer.from.displayName)",
        StationEventFormatter.changeInstruction(transfer, next: next).capitalizingFirstLetter
      )
    case .near(let station):
      ("Near \(station.displayName)", "MRT station \(station.displayName).")
    }
  }

  /// A notification without the alarm.
  static func words(for notice: RideNotice) -> (title: String, body: String) {
    switch notice {
    case .trainAt(let station):
      (station.displayName, "The train is at \(station.displayName).")
    case .nextStop(let station, let approach):
      ("Next stop: \(station.displayName)", approach == .destination ? "Get ready to get off." : "Get ready to change.")
    case .wrongWay(let station, let leg):
      ("Wrong way: \(station.displayName)", "Take the \(leg.line.displayName) towards \(leg.headsign).")
    }
  }
}

extension String {
  /// The string with its first letter upper case, for a sentence.
  fileprivate var capitalizingFirstLetter: String { prefix(1).uppercased() + dropFirst() }
}
