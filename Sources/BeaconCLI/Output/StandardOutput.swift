import POSIXSupport
import ServiceManager
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Buffered writes to standard output and standard error.
///
/// Output is flushed per line when standard output is a terminal (so people see results
/// as they happen) and in 64 KiB blocks otherwise (so a replay of millions of reports is
/// not slowed by a write call per line).
///
/// When the reader goes away (`beacon-scan … | head -1`: the write fails with `EPIPE`), the
/// output is dropped and ``readerHasGone`` is set; the presenters then say they are done, so
/// a replay ends and a live scan disables scanning and exits 0 instead of scanning for nobody.
public final class StandardOutput {
  private var buffer: [UInt8] = []
  /// Whether each line is written at once: by default when standard output is a terminal; live
  /// scans set it, so that `beacon-scan -i hci0 | jq` sees each report as it comes.
  public var flushesEachLine: Bool
  private let descriptor: Int32
  /// Whether a write found the reader gone (`EPIPE`); nothing more is written.
  public private(set) var readerHasGone = false

  public init(descriptor: Int32 = STDOUT_FILENO) {
    self.descriptor = descriptor
    flushesEachLine = isatty(descriptor) == 1
    buffer.reserveCapacity(1 << 16)
  }

  /// Whether standard output is a terminal.
  public var isTerminal: Bool { isatty(descriptor) == 1 }

  /// Writes text without a newline (escape sequences); flushed with the next line or `flush()`.
  public func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
  }

  public func writeLine(_ line: String) {
    buffer.append(contentsOf: line.utf8)
    buffer.append(0x0A)
    if flushesEachLine || buffer.count >= 1 << 16 { flush() }
  }

  public func flush() {
    if !buffer.isEmpty, !readerHasGone {
      // swift-system retries on EINTR and after short writes.
      do throws(Errno) {
        _ = try systemCall { () throws -> Int in try FileDescriptor(rawValue: descriptor).writeAll(buffer) }
      } catch {
        if error == .brokenPipe { readerHasGone = true }
        // Otherwise the output cannot be written; drop it.
      }
    }
    buffer.removeAll(keepingCapacity: true)
  }

  deinit { flush() }

  /// Whether standard error is the journal, looked at once.
  private static let writesToJournal = JournalStream.isStandardError()

  /// Writes one line to standard error, unbuffered. When standard error is the journal (a
  /// systemd service's, see `JournalStream`), each line starts with the `priority`'s `<N>`, so
  /// that `journalctl -p warning` finds it; anywhere else the line is written as it is.
  public static func warn(_ line: String, priority: LogPriority = .warning) {
    let text =
      writesToJournal
      ? line.split(separator: "\n", omittingEmptySubsequences: false).map { priority.journalPrefix + $0 }
        .joined(separator: "\n") : line
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
  }
}
