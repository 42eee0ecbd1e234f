/// How much room a label takes, estimated without a font at hand: the pages have no script, so
/// labels are placed when the page is written, from advance widths.
///
/// The widths are DejaVu Sans's (the sans-serif of most Linux desktops, and among the widest
/// common ones), as Chromium measures them (canvas `measureText` at 1,000 px), rounded up to
/// a hundredth of an em; the charts ask for it first in their CSS, so a browser that has it
/// lays labels out as estimated and one with a narrower font leaves more room. A character not
/// in the table counts as 0.8 em if it is Latin (no accented letter is wider), else as a full em
/// (CJK ideographs are about that wide).
public enum TextMetrics {
  /// The font family the charts' text asks for, first to last.
  public static let fontFamily = "DejaVu Sans, Verdana, sans-serif"

  /// Advance widths in ems.
  private static let widths: [Character: Double] = {
    var widths: [Character: Double] = [:]
    let table: [(String, Double)] = [
      ("ijl'", 0.28), ("IJ", 0.30), (" .,", 0.32), (":;|/\\", 0.34), ("f", 0.36), ("-", 0.37),
      ("t()[]", 0.40), ("!", 0.41), ("r", 0.42), ("\"", 0.46), ("*_–", 0.50), ("sz", 0.53), ("?", 0.54),
      ("c", 0.55), ("L", 0.56), ("kF", 0.58), ("vxy", 0.60), ("P", 0.61), ("aeoTY", 0.62),
      ("bdghnpquES0123456789{}$", 0.64), ("K", 0.66), ("ABVXZ", 0.69), ("CR", 0.70), ("U", 0.74),
      ("N", 0.75), ("H", 0.76), ("DG&", 0.78), ("OQ", 0.79), ("w", 0.82), ("#<>=+~→←↑↓≥≤", 0.84),
      ("M", 0.87), ("%", 0.96), ("m", 0.98), ("W", 0.99), ("@—…", 1.0),
    ]
    for (characters, width) in table {
      for character in characters { widths[character] = width }
    }
    return widths
  }()

  /// The width of `text` at `fontSize` pixels.
  public static func width(of text: String, fontSize: Double) -> Double {
    text.reduce(0) { sum, character in
      let isLatin = character.unicodeScalars.first.map { $0.value < 0x250 } ?? false
      return sum + (widths[character] ?? (isLatin ? 0.8 : 1.0))
    } * fontSize
  }

  /// How far above its baseline a line of text at `fontSize` reaches (DejaVu Sans's ascent).
  public static func ascent(fontSize: Double) -> Double { 0.93 * fontSize }

  /// How far below its baseline it reaches (the descent).
  public static func descent(fontSize: Double) -> Double { 0.24 * fontSize }

  /// `text`, or as much of it as fits in `width` pixels at `fontSize` followed by `…`.
  public static func shortened(_ text: String, toFit width: Double, fontSize: Double) -> String {
    guard Self.width(of: text, fontSize: fontSize) > width else { return text }
    var kept = ""
    let room = width - Self.width(of: "…", fontSize: fontSize)
    for character in text {
      guard Self.width(of: kept + String(character), fontSize: fontSize) <= room else { break }
      kept.append(character)
    }
    return kept + "…"
  }
}
