import BluetoothTypes
import MRTNavigation
import Positioning
import ProgramOutput

/// Lines for station events (`beacon-scan --notify`, `beacon-ride`): text for people, or one
/// JSON object per event with `time`, `event` (found, arrived, left, suspect), `station`,
/// `displayName` and `rssi` (the smoothed RSSI that triggered it, dBm, one decimal). Events of
/// `beacon-ride`, which has two sources, also say their `source` (`bluetooth` or `gps`), and a
/// GPS event its position (`lat`, `lon`; `time` is then the fix's own). Along a journey,
/// `transfer` (with `line`, `towards` and, for a walk, `walkTo` and `walkingMinutes`),
/// `approaching` (with `approach`: destination or transfer) and `wrongDirection` (with `line`,
/// `towards`) events too, and at the departure station `train` (with `line`, `towards`,
/// `trainSet`); each has a `detail` for people. With a timetable, `found` events carry `eta`,
/// `delay` and `nextDeparture` (``RideEstimateText``). Events a phone model predicts (`--phone`)
/// say so (``predictedFor``).
///
/// It only formats: each event comes back as a ``StationEventLine``, the line and what it says,
/// for the presenter that writes the line to record in `--report`'s page too.
package struct StationEventFormatter: Sendable {
  package var format: OutputFormat
  /// The text lines' station column, fitted to the catalog's names.
  package var names: StationNameColumn
  /// The phone model the events are predicted for (`--phone`): each JSON event says
  /// `"predicted": true` and `"phone"`, each text line ends `(predicted: MODEL)`.
  package var predictedFor: String?

  package init(format: OutputFormat, names: StationNameColumn) {
    self.format = format
    self.names = names
  }

  /// A Bluetooth-only event (`beacon-scan --notify`): no `source`.
  package func line(
    _ kind: StationEventKind, _ station: Station, rssi: Double?, at time: Timestamp, detail: String? = nil
  ) -> StationEventLine {
    line(kind, station, rssi: rssi, gps: nil, source: nil, at: time, detail: detail)
  }

  /// An event found by either source, saying which; `fields` adds the event's own JSON fields.
  package func line(
    _ kind: StationEventKind, _ station: Station, evidence: StationEvidence, at time: Timestamp,
    detail: String? = nil, fields: (inout JSONLine) -> Void = { _ in }
  ) -> StationEventLine {
    var gps: GeoCoordinate?
    if case .gps(let fix) = evidence { gps = fix.position }
    return line(
      kind, station, rssi: evidence.rssi, gps: gps, source: evidence.source, at: time, detail: detail, fields: fields)
  }

  /// The rider is where the journey changes lines.
  package func transfer(
    _ transfer: Journey.Transfer, next: Journey.Leg?, evidence: StationEvidence, at time: Timestamp
  ) -> StationEventLine {
    line(.transfer, transfer.from, evidence: evidence, at: time, detail: Self.changeInstruction(transfer, next: next)) {
      object in
      if let next {
        object.add("line", next.line.name)
        object.add("towards", next.headsign)
      }
      if let walk = transfer.walk {
        object.add("walkTo", transfer.to.name)
        object.add("walkingMinutes", JourneyFormatter.minutes(walk.walkingTime))
      }
    }
  }

  /// The journey's train is coming in at the rider's departure station.
  package func train(_ train: Train, at station: Station, rssi: Double, time: Timestamp) -> StationEventLine {
    line(
      .train, station, rssi: rssi, gps: nil, source: .bluetooth, at: time,
      detail: "your train is coming in: the \(train.line.displayName) towards \(train.headsign)"
    ) { object in
      object.add("line", train.line.name)
      object.add("towards", train.headsign)
      object.add("trainSet", Int(train.trainSet))
    }
  }

  /// The next stop is where the rider gets off.
  package func approaching(
    _ station: Station, approach: JourneyProgress.Approach, at time: Timestamp
  ) -> StationEventLine {
    let detail = "next stop \(station.displayName): get ready" + (approach == .transfer ? " to change" : "")
    return line(
      .approaching, station, rssi: nil, gps: nil, source: nil, at: time, detail: detail
    ) { $0.add("approach", approach.rawValue) }
  }

  /// `station` is behind the rider on `leg`.
  package func wrongDirection(_ station: Station, leg: Journey.Leg, at time: Timestamp) -> StationEventLine {
    line(
      .wrongDirection, station, rssi: nil, gps: nil, source: nil, at: time,
      detail:
        "this train runs away from \(leg.last.displayName): take the \(leg.line.displayName) towards \(leg.headsign)"
    ) { object in
      object.add("line", leg.line.name)
      object.add("towards", leg.headsign)
    }
  }

  /// What to do at a transfer, in a sentence: "change here for the airport line towards …".
  package static func changeInstruction(_ transfer: Journey.Transfer, next: Journey.Leg?) -> String {
    var text = next.map { "change here for the \($0.line.displayName) towards \($0.headsign)" } ?? "get off here"
    if let walk = transfer.walk {
      text += ": walk to \(transfer.to.displayName), about \(JourneyFormatter.minutes(walk.walkingTime)) min"
      if let note = walk.note { text += " (\(note))" }
    }
    return text
  }

  private func line(
    _ kind: StationEventKind, _ station: Station, rssi: Double?, gps: GeoCoordinate?, source: StationSource?,
    at time: Timestamp, detail: String?, fields: (inout JSONLine) -> Void = { _ in }
  ) -> StationEventLine {
    StationEventLine(
      kind: kind, station: station, source: source, time: time, detail: detail, place: gps,
      line: text(kind, station, rssi: rssi, gps: gps, source: source, at: time, detail: detail, fields: fields))
  }

  private func text(
    _ kind: StationEventKind, _ station: Station, rssi: Double?, gps: GeoCoordinate?, source: StationSource?,
    at time: Timestamp, detail: String?, fields: (inout JSONLine) -> Void
  ) -> String {
    switch format {
    case .json:
      var object = JSONLine()
      object.add("time", time.iso8601)
      object.add("event", kind.rawValue)
      object.add("station", station.name)
      object.add("displayName", station.displayName)
      object.add("rssi", rssi.map { ($0 * 10).rounded() / 10 })
      if let source { object.add("source", source.rawValue) }
      if let gps {
        object.add("lat", Self.degrees(gps.latitude))
        object.add("lon", Self.degrees(gps.longitude))
      }
      fields(&object)
      if let detail { object.add("detail", detail) }
      if let predictedFor {
        object.add("predicted", true)
        object.add("phone", predictedFor)
      }
      return object.line
    case .text:
      // Names come from the catalog: shown escaped (TerminalText), in a column that fits them.
      var line = "\(time.iso8601)  \(Self.label(kind).padding(8))  \(names.paddedCell(station.label))"
      if let rssi { line += "  \(NumberText.oneDecimal(rssi)) dBm" }
      if let gps { line += "  GPS \(Self.degrees(gps.latitude)), \(Self.degrees(gps.longitude))" }
      if let detail { line += "  \(TerminalText.escaped(detail))" }
      if let predictedFor { line += "  (predicted: \(TerminalText.escaped(predictedFor)))" }
      return line
    }
  }

  /// The event's name in text lines: at most 8 letters, so the columns stay aligned.
  private static func label(_ kind: StationEventKind) -> String {
    switch kind {
    case .approaching: return "NEXT"
    case .wrongDirection: return "WRONG"
    default: return kind.rawValue.uppercased()
    }
  }

  /// Degrees to six decimals (about 0.1 m), as the catalog gives them.
  private static func degrees(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }
}

extension StationSuspicion {
  /// Why a station is suspect, in a few words.
  package var summary: String {
    switch self {
    case .tooFarTooSoon(let previous, let stops, let elapsed, let minimum):
      return "\(stops) stops from \(previous.displayName) after \(elapsed.components.seconds) s "
        + "(at least \(minimum.components.seconds) s expected); not announced"
    }
  }
}
