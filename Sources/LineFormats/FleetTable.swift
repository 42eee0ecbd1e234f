import BluetoothTypes
import FleetJudging
import FleetProtocol
import MRTNavigation
import ProgramOutput

/// The fleet as `beacon-fleet --table` shows it: a line of counts, the verdicts in force, then
/// the expected stations and the nodes, those with a verdict first, each list cut at
/// ``maximumRows``.
package struct FleetTable: Sendable {
  /// The expected station beacons, by key.
  package var stations: [String: Station]
  /// The most rows of stations, and of nodes, shown.
  package static let maximumRows = 40

  package init(stations: [String: Station]) { self.stations = stations }

  package func lines(_ overview: FleetOverview, verdicts: Set<FleetVerdict>, time: String) -> [String] {
    let online = overview.nodes.filter(\.online).count
    var lines = [
      "\(time)  \(overview.nodes.count) node(s), \(online) online; \(overview.hearersOfExpected.count) expected "
        + "station(s); \(verdicts.count) verdict(s)"
    ]
    for verdict in verdicts.sorted(by: { $0.description < $1.description }) {
      let station = verdict.beacon.flatMap { stations[$0]?.displayName }.map { " (\($0))" } ?? ""
      lines.append("  \(TerminalText.escaped(verdict.description))\(station)")
    }
    var beaconVerdicts: [String: String] = [:]
    var nodeVerdicts: [String: String] = [:]
    for verdict in verdicts {
      switch verdict {
      case .dead(let beacon), .unheard(let beacon), .cloned(let beacon, _): beaconVerdicts[beacon] = verdict.kind
      case .deaf(let node): nodeVerdicts[node] = verdict.kind
      }
    }
    lines.append("")
    lines.append(Self.row("STATION", "HEARD BY", "", "", "", "VERDICT"))
    let keys = overview.hearersOfExpected.keys.sorted { first, second in
      let (a, b) = (beaconVerdicts[first] != nil, beaconVerdicts[second] != nil)
      return a != b ? a : name(of: first) < name(of: second)
    }
    for key in keys.prefix(Self.maximumRows) {
      let heard = overview.hearersOfExpected[key] ?? 0
      lines.append(Self.row(name(of: key), "\(heard) node(s)", "", "", "", beaconVerdicts[key] ?? "ok"))
    }
    if keys.count > Self.maximumRows { lines.append("  … and \(keys.count - Self.maximumRows) more") }
    lines.append("")
    lines.append(Self.row("NODE", "ONLINE", "HEARING", "REPORTS/S", "BASELINE", "VERDICT"))
    let nodes = overview.nodes.sorted { first, second in
      let (a, b) = (nodeVerdicts[first.name] != nil, nodeVerdicts[second.name] != nil)
      return a != b ? a : first.name < second.name
    }
    for node in nodes.prefix(Self.maximumRows) {
      lines.append(
        Self.row(
          node.name, node.online ? "yes" : "no", "\(node.hearing)",
          node.reportsPerSecond.map(NumberText.oneDecimal) ?? "–",
          node.baseline.map(NumberText.oneDecimal) ?? "–",
          nodeVerdicts[node.name] ?? (node.online ? "ok" : "offline")
        ))
    }
    if nodes.count > Self.maximumRows { lines.append("  … and \(nodes.count - Self.maximumRows) more") }
    return lines
  }

  private func name(of key: String) -> String { stations[key]?.displayName ?? key }

  private static let columns = TextColumns(widths: [24, 12, 9, 11, 10], rightAligned: [])

  private static func row(_ fields: String...) -> String {
    var line = columns.line(fields)
    while line.last == " " { line.removeLast() }
    return line
  }
}
