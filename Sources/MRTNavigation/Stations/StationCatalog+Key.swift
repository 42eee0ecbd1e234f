extension StationCatalog {
  /// A name as lookups compare it: lower case; without spaces, dashes, dots and underscores; and
  /// without the marks on Latin letters, so that a rider types a name as their keyboard allows
  /// (`Sao Paulo` finds `São Paulo`, `lodz` finds `Łódź`).
  ///
  /// A Latin letter with a mark, as one character, becomes its letter: the letter its Unicode
  /// name says it is "with" something (`LATIN SMALL LETTER O WITH TILDE`, `… L WITH STROKE`);
  /// a combining diacritical mark (U+0300–U+036F) after a Latin letter is dropped, so the two ways
  /// Unicode writes `ã` give one key. Other scripts keep their marks (Japanese voicing marks,
  /// Cyrillic й): Swift compares those by canonical equivalence already.
  public static func key(_ name: String) -> String {
    var key = String.UnicodeScalarView()
    var afterLatinLetter = false
    for scalar in name.lowercased().unicodeScalars {
      if scalar == " " || scalar == "-" || scalar == "_" || scalar == "." { continue }
      if (0x300...0x36F).contains(scalar.value) {
        if !afterLatinLetter { key.append(scalar) }
        continue
      }
      if let letter = latinLetter(of: scalar) {
        key.append(letter)
        afterLatinLetter = true
      } else {
        key.append(scalar)
        afterLatinLetter = false
      }
    }
    return String(key)
  }

  /// `scalar` when it is a plain Latin letter, its base letter when it is one with a mark, else
  /// `nil`.
  private static func latinLetter(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
    if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) { return scalar }
    guard !scalar.isASCII, let name = scalar.properties.name, name.hasPrefix("LATIN "),
      let match = name.wholeMatch(of: /LATIN (SMALL|CAPITAL) LETTER ([A-Z]) WITH .+/)
    else { return nil }
    let letter = match.output.1 == "SMALL" ? match.output.2.lowercased() : String(match.output.2)
    return letter.unicodeScalars.first
  }
}
