import BluetoothTypes
import MRTNavigation
import ProgramOutput

/// Prints a journey for `beacon-ride --plan`: a line a step as text, or one JSON object.
package struct JourneyFormatter: Sendable {
  package var format: OutputFormat

  package init(format: OutputFormat) { self.format = format }

  package func lines(for journey: Journey) -> [String] {
    switch format {
    case .json: return [json(journey)]
    case .text:
      let transfers = journey.transfers.count
      let header =
        "\(journey.origin.displayName) → \(journey.destination.displayName): "
        + "\(Self.count(journey.stops, "stop")), \(Self.count(transfers, "transfer"))"
      // The names may come from a catalog file: shown escaped (TerminalText).
      return ([header] + journey.steps.map { "  " + text($0) }).map(TerminalText.escaped)
    }
  }

  private func text(_ step: Journey.Step) -> String {
    switch step {
    case .ride(let leg):
      return "\(leg.line.displayName) towards \(leg.headsign): \(leg.first.displayName) → \(leg.last.displayName), "
        + Self.count(leg.stops, "stop")
    case .change(let transfer):
      guard let walk = transfer.walk else { return "change at \(transfer.from.displayName)" }
      let way = walk.note.map { " (\($0))" } ?? ""
      return "walk from \(transfer.from.displayName) to \(transfer.to.displayName), "
        + "about \(Self.minutes(walk.walkingTime)) min\(way)"
    }
  }

  /// The journey as one object: the ends, the totals, the legs and the transfers in order.
  package func json(_ journey: Journey) -> String {
    var object = JSONLine()
    object.add("from", journey.origin.name)
    object.add("to", journey.destination.name)
    object.add("stops", journey.stops)
    object.add("legs", objects: journey.legs.map(json))
    object.add("transfers", objects: journey.transfers.map(json))
    return object.line
  }

  private func json(_ leg: Journey.Leg) -> JSONLine {
    var object = JSONLine()
    object.add("line", leg.line.name)
    object.add("lineName", leg.line.displayName)
    object.add("direction", leg.direction.rawValue)
    object.add("towards", leg.headsign)
    object.add("from", leg.first.name)
    object.add("to", leg.last.name)
    object.add("stops", leg.stops)
    object.add("stations", strings: leg.stations.map(\.name))
    return object
  }

  private func json(_ transfer: Journey.Transfer) -> JSONLine {
    var object = JSONLine()
    object.add("from", transfer.from.name)
    object.add("to", transfer.to.name)
    object.add("walk", transfer.isWalk)
    object.add("walkingMinutes", transfer.walk.map { Self.minutes($0.walkingTime) })
    object.add("note", transfer.walk?.note)
    return object
  }

  /// Whole minutes, rounded, at least 1 for any walk.
  static func minutes(_ duration: Duration) -> Int {
    max(1, Int((Double(duration.wholeMicroseconds) / 60_000_000).rounded()))
  }

  private static func count(_ value: Int, _ noun: String) -> String {
    "\(value) \(noun)\(value == 1 ? "" : "s")"
  }
}
