import ProgramOutput

/// Fixed-width text columns for the tables people read: each field padded to its column's width
/// (numbers right-aligned, text left-aligned), two spaces between columns; a field beyond the
/// last width is appended as it is, and a field wider than its column pushes the rest right.
/// Every field is shown through ``TerminalText``: its control characters escaped, its width
/// measured in terminal columns.
package struct TextColumns: Sendable {
  package var widths: [Int]
  /// The indexes of the right-aligned columns.
  package var rightAligned: Set<Int>

  package init(widths: [Int], rightAligned: Set<Int>) {
    self.widths = widths
    self.rightAligned = rightAligned
  }

  package func line(_ fields: String...) -> String { line(fields) }

  package func line(_ fields: [String]) -> String {
    var line: [UInt8] = []
    line.reserveCapacity(160)
    for (index, text) in fields.enumerated() {
      let field = TerminalText.escaped(text)
      if index > 0 { line.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")]) }
      guard index < widths.count else {
        line.append(contentsOf: field.utf8)
        continue
      }
      let padding = max(0, widths[index] - TerminalText.width(of: field))
      if rightAligned.contains(index) {
        line.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding))
        line.append(contentsOf: field.utf8)
      } else {
        line.append(contentsOf: field.utf8)
        line.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding))
      }
    }
    return String(decoding: line, as: UTF8.self)
  }
}

extension String {
  /// The string followed by spaces to `width` characters (an event's label: ASCII).
  func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
