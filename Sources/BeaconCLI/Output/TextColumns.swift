/// Fixed-width text columns for the tables people read: each field padded to its column's width
/// (numbers right-aligned, text left-aligned), two spaces between columns; a field beyond the
/// last width is appended as it is, and a field wider than its column pushes the rest right.
struct TextColumns {
  var widths: [Int]
  /// The indexes of the right-aligned columns.
  var rightAligned: Set<Int>

  func line(_ fields: String...) -> String {
    var line = ""
    for (index, field) in fields.enumerated() {
      if index > 0 { line += "  " }
      guard index < widths.count else {
        line += field
        continue
      }
      let pad = String(repeating: " ", count: max(0, widths[index] - field.count))
      line += rightAligned.contains(index) ? pad + field : field + pad
    }
    return line
  }
}
