import POSIXSupport
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Buffered writes to standard output (or another descriptor); diagnostic lines go to standard
/// error through ``StandardError``.
///
/// Output is flushed per line when standard output is a terminal (so people see results
/// as they happen) and in 64 KiB blocks otherwise (so a replay of millions of reports is
/// not slowed by a write call per line).
///
/// When the reader goes away (`beacon-scan … | head -1`: the write fails with `EPIPE`; SIGPIPE
/// is ignored, see ``StandardStreams``), the output is dropped and ``readerHasGone`` is set.
/// Whether the run stops then is decided here, by ``endsRun``: a run that promised nothing but
/// what it prints stops (a replay ends, a live scan disables scanning) and exits 0; a run that
/// promised more (``runHasOtherOutputs``: a `--report` page, MQTT, a `--record` capture, the
/// alarm or notifications) goes on for them, silently, to its usual end and exit status.
public final class StandardOutput {
  private var buffer: [UInt8] = []
  /// Whether each line is written at once: by default when standard output is a terminal; live
  /// scans set it, so that `beacon-scan -i hci0 | jq` sees each report as it comes.
  public var flushesEachLine: Bool
  private let descriptor: Int32
  /// Whether a write found the reader gone (`EPIPE`); nothing more is written.
  public private(set) var readerHasGone = false
  /// Whether the run has outputs besides this one, which a reader gone does not end; the
  /// command sets it once, before the run.
  public var runHasOtherOutputs = false
  /// Whether the run should stop for this output's sake: its reader has gone, and the run has
  /// no other output to go on for. The presenters' `isDone` reads it.
  public var endsRun: Bool { readerHasGone && !runHasOtherOutputs }

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
}
