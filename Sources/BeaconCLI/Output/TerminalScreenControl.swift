/// The escape sequences (ECMA-48, and xterm's alternate screen) that the live table draws with.
enum TerminalScreenControl {
  /// Switch to the alternate screen, as `top` and `less` do: what was on the screen comes back
  /// when it is left.
  static let enterAlternateScreen = "\u{1B}[?1049h"
  /// Back to the normal screen, as it was before.
  static let leaveAlternateScreen = "\u{1B}[?1049l"
  /// The cursor to the top left corner.
  static let cursorHome = "\u{1B}[H"
  /// Erase from the cursor to the end of its line.
  static let clearToEndOfLine = "\u{1B}[K"
  /// Erase from the cursor to the end of the screen.
  static let clearToEndOfScreen = "\u{1B}[J"
}
