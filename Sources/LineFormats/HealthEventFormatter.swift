import Beacons
import BluetoothTypes
import MRTNavigation
import ProgramOutput

/// Health changes of the expected station beacons as lines: text for people, or one JSON object
/// per change with `time`, `event` (`health`), `station`, `displayName`, `status` (ok, silent,
/// weak, suspicious), `previous` (the status before, absent for the first), `detail` (in words),
/// and where known `rssi` (smoothed, dBm), `baseline` (dBm) and `lastHeard`.
package struct HealthEventFormatter: Sendable {
  package var format: OutputFormat
  /// The text lines' station column, fitted to the expected stations' names.
  package var names: StationNameColumn

  package init(format: OutputFormat, names: StationNameColumn) {
    self.format = format
    self.names = names
  }

  package func line(_ change: BeaconHealthChange, station: Station, strength: (smoothed: Double?, baseline: Double?))
    -> String
  {
    let detail = Self.detail(change.health, at: change.time, smoothed: strength.smoothed)
    switch format {
    case .json:
      var object = JSONLine()
      object.add("time", change.time.iso8601)
      object.add("event", "health")
      object.add("station", station.name)
      object.add("displayName", station.displayName)
      object.add("status", change.health.name)
      if let previous = change.previous { object.add("previous", previous.name) }
      object.add("detail", detail)
      if let smoothed = strength.smoothed { object.add("rssi", Self.tenths(smoothed)) }
      if let baseline = strength.baseline { object.add("baseline", Self.tenths(baseline)) }
      if case .silent(let lastHeard?) = change.health { object.add("lastHeard", lastHeard.iso8601) }
      return object.line
    case .text:
      return "\(change.time.iso8601)  HEALTH    \(names.paddedCell(station.label))  "
        + "\(change.health.name.uppercased().padding(10))  \(detail)"
    }
  }

  /// The health in a few words.
  package static func detail(_ health: BeaconHealth, at time: Timestamp, smoothed: Double?) -> String {
    switch health {
    case .ok:
      return smoothed.map { "heard at \(NumberText.oneDecimal($0)) dBm" } ?? "heard"
    case .silent(let lastHeard):
      guard let lastHeard else { return "never heard" }
      return "not heard for \(time.microseconds(since: lastHeard) / 1_000_000) s"
    case .weak(let baseline, let smoothed):
      return "\(NumberText.oneDecimal(smoothed)) dBm, \(NumberText.oneDecimal(baseline - smoothed)) dB "
        + "below its baseline \(NumberText.oneDecimal(baseline)) dBm"
    case .suspicious(.secondAddress(let first, let second)):
      return "heard from \(first) and \(second) in turn: a second device advertises it"
    case .suspicious(.txPowerChanged(let from, let to)):
      return "TX power \(to) dBm at 1 m, first heard with \(from) dBm"
    }
  }

  private static func tenths(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
