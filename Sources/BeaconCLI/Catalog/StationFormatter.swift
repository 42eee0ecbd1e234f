import Beacons
import MRTNavigation

/// Prints stations for `--list-stations`, as text or as JSON Lines that ``CatalogFile`` reads back.
public struct StationFormatter: Sendable {
  public var format: OutputFormat

  public init(format: OutputFormat) { self.format = format }

  public func lines(for catalog: StationCatalog) -> [String] {
    switch format {
    case .json: return catalog.stations.map { json($0, lines: catalog.lines(at: $0)) }
    case .text:
      let header =
        pad("LINE", 12) + pad("#", 4) + pad("NAME", 16) + pad("DISPLAY NAME", 18) + pad("SPONSORED NAME", 22)
        + "BEACON"
      return [header]
        + catalog.stations.map { station in
          // The home line: the first line stopping there, whose position the station's # is.
          pad(catalog.lines(at: station).first?.name ?? "-", 12) + pad(String(station.lineOrder), 4)
            + pad(station.name, 16) + pad(station.displayName, 18) + pad(station.sponsoredName ?? "-", 22)
            + "\(station.beacon.kind.rawValue) \(station.beacon)"
        }
    }
  }

  /// One station as a JSON object: name, displayName, uuid, major, minor first; `lines`, the
  /// names of the lines stopping there, is for people (a catalog file takes lines apart).
  public func json(_ station: Station, lines: [TransitLine] = []) -> String {
    var object = JSONLine()
    object.add("name", station.name)
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
