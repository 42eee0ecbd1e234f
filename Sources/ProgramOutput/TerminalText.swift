/// Text from outside the program (catalog names, names typed on the command line, device names,
/// paths) as it may be shown on a terminal: every control character written as an escape, so
/// that a name cannot move the cursor, retitle the window, recolour the terminal, reorder the
/// line (bidi overrides) or break one line in two.
///
/// C0 controls are shown as `\0`, `\a`, `\b`, `\t`, `\n`, `\v`, `\f`, `\r`, `\e` or `\u{1F}`;
/// DEL, the C1 controls and the Unicode format characters (bidi embeddings, overrides and
/// isolates, zero-width characters, …) as `\u{…}`. Printable Unicode is kept as it is. A
/// backslash is kept too, so the escapes are for reading, not for reading back; text that holds
/// no control character comes out unchanged, so escaping twice is escaping once.
package enum TerminalText {
  /// `text` with its control and format characters escaped.
  package static func escaped(_ text: String) -> String {
    // Almost every name is printable ASCII: no need to look at its scalars.
    if isPrintableASCII(text) { return text }
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if let escape = escape(for: scalar) {
        result += escape
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The escape shown for `scalar`, or `nil` when it is shown as it is.
  private static func escape(for scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x00: return "\\0"
    case 0x07: return "\\a"
    case 0x08: return "\\b"
    case 0x09: return "\\t"
    case 0x0A: return "\\n"
    case 0x0B: return "\\v"
    case 0x0C: return "\\f"
    case 0x0D: return "\\r"
    case 0x1B: return "\\e"
    case 0x01...0x1F, 0x7F...0x9F: return hexEscape(scalar)
    default:
      // Cf: bidi marks, embeddings, overrides and isolates, zero-width joiners and spaces,
      // the byte order mark; line and paragraph separators (Zl, Zp) break lines too.
      switch scalar.properties.generalCategory {
      case .format, .lineSeparator, .paragraphSeparator: return hexEscape(scalar)
      default: return nil
      }
    }
  }

  private static func hexEscape(_ scalar: Unicode.Scalar) -> String {
    "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
  }

  /// How many terminal columns `text` takes once escaped: a column per character, two for an
  /// East Asian wide or fullwidth one (CJK, Hangul, most emoji), none for a combining mark.
  package static func width(of text: String) -> Int {
    if isPrintableASCII(text) { return text.utf8.count }
    let shown = escaped(text)
    var columns = 0
    for character in shown {
      guard let first = character.unicodeScalars.first else { continue }
      columns += isWide(first) ? 2 : 1
    }
    return columns
  }

  /// `text` escaped and cut to at most `width` columns, its end replaced by `…` when cut; an
  /// escape is kept whole or left out, never cut in two.
  package static func fitted(_ text: String, width: Int) -> String {
    guard Self.width(of: text) > width, width > 0 else { return escaped(text) }
    var result = ""
    var columns = 0
    for character in text {
      let shown = escaped(String(character))
      let shownWidth = Self.width(of: shown)
      if columns + shownWidth > width - 1 { break }
      result += shown
      columns += shownWidth
    }
    return result + "…"
  }

  /// `text` escaped, then padded with spaces to `width` columns (nothing is cut).
  package static func padded(_ text: String, to width: Int) -> String {
    let shown = escaped(text)
    let columns = Self.width(of: shown)
    return columns >= width ? shown : shown + String(repeating: " ", count: width - columns)
  }

  /// Whether `text` is all printable ASCII (space to `~`): shown as it is, a column a byte. The
  /// fast path of every field of every line, so a plain loop over the bytes.
  package static func isPrintableASCII(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
      return true
    }
  }

  /// Whether `scalar` takes two columns (East Asian Wide or Fullwidth, the common ranges).
  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
      0x1F680...0x1F6FF,
      0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
