import ServiceManager

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Standard error: where every diagnostic line goes, warnings and errors as well as the notices
/// and information a run tells beside its output (a lost controller found again, a report
/// written).
public enum StandardError {
  /// Whether standard error is the journal, looked at once.
  private static let writesToJournal = JournalStream.isStandardError()

  /// Writes one line to standard error, unbuffered, its control characters escaped
  /// (``TerminalText``: messages name stations, devices and paths from outside, which must not
  /// drive the terminal or break the line). When standard error is the journal (a systemd
  /// service's, see `JournalStream`), the line starts with the `priority`'s `<N>`, so that
  /// `journalctl -p warning` finds it. A failed write (standard error closed) is ignored.
  public static func writeLine(_ line: String, priority: LogPriority = .warning) {
    let text = (writesToJournal ? priority.journalPrefix : "") + TerminalText.escaped(line)
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
  }
}
