import ProgramOutput

/// A view redrawn in place on a terminal, like `top`: on the alternate screen (entered at the
/// first frame, left by ``leave()``), each frame from the cursor's home, every line cleared to
/// its end and the rest of the screen cleared after the last, in one write: nothing flickers,
/// and the scrollback keeps only what came before (and what the owner prints after leaving).
final class LiveScreen {
  private let output: StandardOutput
  /// Whether the terminal is on its alternate screen (and must be switched back).
  private(set) var isShown = false

  init(output: StandardOutput) { self.output = output }

  /// Draws `lines` as the whole screen.
  func draw(_ lines: [String]) {
    if !isShown {
      output.write(TerminalScreenControl.enterAlternateScreen)
      isShown = true
    }
    output.write(TerminalScreenControl.cursorHome)
    for line in lines { output.write(line + TerminalScreenControl.clearToEndOfLine + "\n") }
    output.write(TerminalScreenControl.clearToEndOfScreen)
    output.flush()
  }

  /// Back to the normal screen, once, if a frame was drawn.
  func leave() {
    guard isShown else { return }
    isShown = false
    output.write(TerminalScreenControl.leaveAlternateScreen)
    output.flush()
  }

  /// An owner that ends without leaving (an error thrown past it) still gives the terminal its
  /// normal screen back.
  deinit { leave() }
}
