import MRTNavigation
import ProgramOutput

/// A column of station names in text output, as wide as the longest name it can show (measured
/// in terminal columns once escaped, see ``TerminalText``), computed once from the stations it
/// can show (the catalog's, or those expected): so the columns after it stay aligned. It is at
/// least ``minimum`` wide, so short names keep the familiar layout, and at most ``maximum``: a
/// longer name is cut with `…`.
package struct StationNameColumn: Sendable {
  /// The column's width in terminal columns.
  package let width: Int

  /// The narrowest column.
  package let minimum: Int
  /// The widest column; longer names are cut.
  package let maximum: Int

  /// A column for `names`, between `minimum` and `maximum` wide.
  package init(fitting names: some Sequence<String>, minimum: Int, maximum: Int) {
    self.minimum = minimum
    self.maximum = maximum
    let longest = names.reduce(0) { max($0, TerminalText.width(of: $1)) }
    width = min(max(longest, minimum), maximum)
  }

  /// The column of the display names (``Station/displayName``) of `stations`, as in the tables.
  package static func displayNames(of stations: [Station]) -> StationNameColumn {
    StationNameColumn(fitting: stations.lazy.map(\.displayName), minimum: 16, maximum: 32)
  }

  /// The column of the labels (``Station/label``) of `stations`, as in the event lines.
  package static func labels(of stations: [Station]) -> StationNameColumn {
    StationNameColumn(fitting: stations.lazy.map(\.label), minimum: 30, maximum: 48)
  }

  /// `name` escaped, cut to the column if longer (not padded: ``TextColumns`` pads).
  package func cell(_ name: String) -> String { TerminalText.fitted(name, width: width) }

  /// `name` escaped, cut to the column if longer, and padded to it.
  package func paddedCell(_ name: String) -> String { TerminalText.padded(cell(name), to: width) }
}

extension Station {
  /// How event lines name the station: its display name and, in parentheses, the name that
  /// options take (`Bendungan Hilir (BendunganHilir)`).
  package var label: String { "\(displayName) (\(name))" }
}
