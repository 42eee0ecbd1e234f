import Beacons
import FleetProtocol
import MRTNavigation
import ProgramOutput

/// Prints stations for `--list-stations`, as text or as JSON Lines that ``CatalogFile`` reads back.
package struct StationFormatter: Sendable {
  package var format: OutputFormat

  package init(format: OutputFormat) { self.format = format }

  /// `stopIDs`: the GTFS `stop_id` of each station by key name, for stations from a feed.
  package func lines(for catalog: StationCatalog, stopIDs: [String: String] = [:]) -> [String] {
    switch format {
    case .json: return catalog.stations.map { json($0, lines: catalog.lines(at: $0), stopID: stopIDs[$0.name]) }
    case .text:
      // The home line: the first line stopping there, whose position the station's # is.
      let rows = catalog.stations.map { station in
        [
          catalog.lines(at: station).first?.name ?? "-", String(station.lineOrder), station.name,
          station.displayName, station.sponsoredName ?? "-",
        ]
      }
      // Each column as wide as its longest text and two spaces, at least its usual width.
      let widths = [12, 4, 16, 18, 22].enumerated().map { index, usual in
        rows.reduce(usual) { max($0, TerminalText.width(of: $1[index]) + 2) }
      }
      func line(_ fields: [String], _ beacon: String) -> String {
        zip(fields, widths).map { pad($0, $1) }.joined() + beacon
      }
      return [line(["LINE", "#", "NAME", "DISPLAY NAME", "SPONSORED NAME"], "BEACON")]
        + zip(catalog.stations, rows).map { station, row in
          line(row, "\(station.beacon.kind.rawValue) \(station.beacon)")
        }
    }
  }

  /// One station as a JSON object: name, displayName, uuid, major, minor first; `lines`, the
  /// names of the lines stopping there, is for people (a catalog file takes lines apart), and so
  /// is `stopId`, the station's GTFS `stop_id` when it comes from a feed.
  package func json(_ station: Station, lines: [TransitLine] = [], stopID: String? = nil) -> String {
    var object = JSONLine()
    object.add("name", station.name)
    if let stopID { object.add("stopId", stopID) }
    object.add("displayName", station.displayName)
    object.add(identity: station.beacon)
    object.add("kind", station.beacon.kind.rawValue)
    object.add("lineOrder", station.lineOrder)
    object.add("sponsoredName", station.sponsoredName)
    object.add("aliases", strings: station.aliases)
    object.add("latitude", station.coordinate?.latitude)
    object.add("longitude", station.coordinate?.longitude)
    object.add("level", station.level?.rawValue)
    if station.coordinateIsApproximate { object.add("approximate", true) }
    if !lines.isEmpty { object.add("lines", strings: lines.map(\.name)) }
    return object.line
  }

  /// `text` escaped (``TerminalText``: the names may come from a catalog file), then padded to
  /// `width` columns, or followed by a space when it is as wide or wider.
  private func pad(_ text: String, _ width: Int) -> String {
    let shown = TerminalText.escaped(text)
    let columns = TerminalText.width(of: shown)
    return columns >= width ? shown + " " : shown + String(repeating: " ", count: width - columns)
  }
}
