import Foundation
import ProgramOutput
import Testing

/// ``TerminalText``: how names from outside are shown on a terminal, and how wide they are.
@Suite struct TerminalTextTests {
  @Test(arguments: [
    ("Lebak Bulus", "Lebak Bulus"),
    ("Bandara Soekarno-Hatta", "Bandara Soekarno-Hatta"),
    // Printable Unicode is kept: accents, CJK, emoji, the en dash of a line's name.
    ("Café Tōkyō 東京駅 🚇", "Café Tōkyō 東京駅 🚇"),
    ("MRT North–South line", "MRT North–South line"),
    // An OSC that retitles the window, ended by BEL; an SGR that colours; a screen clear.
    ("Lebak\u{1B}]0;pwned\u{07} Bulus", "Lebak\\e]0;pwned\\a Bulus"),
    ("Fatmawati\u{1B}[31mRED\u{1B}[0m", "Fatmawati\\e[31mRED\\e[0m"),
    // Line breakers and NUL, backspace, tab, form feed, vertical tab.
    ("Blok\nM\r\n", "Blok\\nM\\r\\n"),
    ("A\u{0}B\u{08}C\tD\u{0C}E\u{0B}F", "A\\0B\\bC\\tD\\fE\\vF"),
    ("\u{01}\u{1F}", "\\u{1}\\u{1F}"),
    // DEL and the C1 controls (CSI, NEL).
    ("X\u{7F}Y\u{9B}31mZ\u{85}", "X\\u{7F}Y\\u{9B}31mZ\\u{85}"),
    // Bidi overrides and isolates, zero-width characters, the line separator.
    ("\u{202E}ecnalab", "\\u{202E}ecnalab"),
    ("a\u{2066}b\u{2069}c\u{200B}d\u{FEFF}e\u{2028}f", "a\\u{2066}b\\u{2069}c\\u{200B}d\\u{FEFF}e\\u{2028}f"),
    // A backslash is kept as it is.
    ("C:\\stations", "C:\\stations"),
  ])
  func escapesControlsAndKeepsPrintableText(raw: String, shown: String) {
    #expect(TerminalText.escaped(raw) == shown)
    #expect(TerminalText.escaped(shown) == shown, "escaping twice is escaping once")
  }

  @Test func widthIsTerminalColumnsOfTheEscapedText() {
    #expect(TerminalText.width(of: "Bendungan Hilir (BendunganHilir)") == 32)
    #expect(TerminalText.width(of: "Café") == 4)
    #expect(TerminalText.width(of: "Cafe\u{301}") == 4, "a combining accent takes no column")
    #expect(TerminalText.width(of: "東京駅") == 6, "wide characters take two")
    #expect(TerminalText.width(of: "a\u{1B}b") == 4, "as shown: a\\eb")
  }

  @Test func fittedCutsWithAnEllipsisAndNeverHalfAnEscape() {
    #expect(TerminalText.fitted("Bundaran HI", width: 16) == "Bundaran HI")
    #expect(TerminalText.fitted("Bandara Soekarno-Hatta", width: 16) == "Bandara Soekarn…")
    #expect(TerminalText.width(of: TerminalText.fitted("Bandara Soekarno-Hatta", width: 16)) == 16)
    #expect(TerminalText.fitted("Blok\u{202E}M Station", width: 8) == "Blok…", "\\u{202E} does not fit whole")
    #expect(TerminalText.fitted("東京駅東京駅", width: 6) == "東京…")
  }

  /// JSON keeps its own escapes: RFC 8259's for C0, `\uXXXX` for what a terminal would act on
  /// besides; the text reads back exactly.
  @Test func jsonEscapesControlsAndReadsBack() throws {
    let raw = "Lebak\u{1B}]0;x\u{07}\u{0}\n\t\"\\ X\u{7F}\u{9B}\u{202E}東京 🚇\u{E0001}"
    var object = JSONLine()
    object.add("displayName", raw)
    let line = object.line
    #expect(line.contains("\\u001b]0;x\\u0007\\u0000\\n\\t\\\"\\\\ X\\u007f\\u009b\\u202e東京 🚇\\udb40\\udc01"))
    #expect(!line.utf8.contains { $0 < 0x20 || $0 == 0x7F })
    let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    #expect(parsed?["displayName"] as? String == raw)
  }
}
