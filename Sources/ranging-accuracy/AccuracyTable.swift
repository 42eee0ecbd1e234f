import ProgramOutput

/// A table of the report: a title, a header and rows of cells, as plain text or Markdown.
struct AccuracyTable {
  var title: String
  var header: [String]
  var rows: [[String]]
  /// A sentence under the table: how to read it.
  var note: String?

  func text(markdown: Bool) -> String {
    let header = header.map(TerminalText.escaped)
    let rows = rows.map { $0.map(TerminalText.escaped) }
    var lines: [String] = []
    if markdown {
      lines.append("**\(title)**")
      lines.append("")
      lines.append("| " + header.joined(separator: " | ") + " |")
      lines.append("|" + header.indices.map { $0 == 0 ? "---|" : "--:|" }.joined())
      for row in rows { lines.append("| " + row.joined(separator: " | ") + " |") }
    } else {
      lines.append(title)
      let widths = header.indices.map { column in
        ([header[column]] + rows.map { column < $0.count ? $0[column] : "" }).map(\.count).max() ?? 0
      }
      func line(_ cells: [String]) -> String {
        cells.enumerated().map { column, cell in
          let width = column < widths.count ? widths[column] : cell.count
          let padding = String(repeating: " ", count: max(width - cell.count, 0))
          return column == 0 ? cell + padding : padding + cell
        }.joined(separator: "  ")
      }
      lines.append("  " + line(header))
      for row in rows { lines.append("  " + line(row)) }
    }
    if let note {
      lines.append("")
      lines.append(note)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
