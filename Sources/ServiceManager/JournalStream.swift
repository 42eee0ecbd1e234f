#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whether a descriptor is the stream systemd connected to the journal.
///
/// systemd.exec(5): a service whose output goes to journald gets `JOURNAL_STREAM=DEV:INO`, the
/// device and inode numbers (decimal) of that stream. A program whose standard error has those
/// numbers may start each line with a `<N>` priority prefix (``LogPriority``); anywhere else (a
/// terminal, a file, a pipe, a child that inherited the variable but not the stream) it must not.
public enum JournalStream {
  /// Whether `descriptor` is the stream `journalStream` (the value of `JOURNAL_STREAM`) names.
  /// `false` when the value is missing or malformed, or `fstat(2)` fails.
  public static func isConnected(descriptor: Int32, journalStream: String?) -> Bool {
    guard let journalStream else { return false }
    let parts = journalStream.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return false }
    return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
  }

  /// Whether this process's standard error goes to the journal, from its `JOURNAL_STREAM`.
  public static func isStandardError() -> Bool {
    isConnected(descriptor: STDERR_FILENO, journalStream: getenv("JOURNAL_STREAM").map { String(cString: $0) })
  }
}
