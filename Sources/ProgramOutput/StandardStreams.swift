#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Makes standard input, output and error safe to use whoever closed them, first thing in every
/// command (`BeaconCLI`'s `runAsProgram` calls ``prepare()`` before parsing the arguments).
///
/// - SIGPIPE is ignored: a reader that goes away (`beacon-scan … | head -1`) makes a write fail
///   with `EPIPE`, which ``StandardOutput`` turns into ``StandardOutput/readerHasGone``, instead
///   of killing the process (status 141) before it writes its `--report` page or leaves the
///   controller as it was. The same holds for standard error: a failed message is dropped.
/// - A descriptor 0, 1 or 2 that is not open (`beacon-scan … >&-`, `2>&-`) is opened on
///   `/dev/null`, so that the next file opened (a capture, the report) does not become standard
///   output or error and receive the program's lines.
public enum StandardStreams {
  /// Ignores SIGPIPE and opens `/dev/null` on standard descriptors that are closed. The
  /// corresponding C functions are `signal`, `fcntl` and `open`.
  public static func prepare() {
    _ = signal(SIGPIPE, SIG_IGN)
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      // open(2) returns the lowest free descriptor: this one.
      let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
      if opened >= 0, opened != descriptor { close(opened) }
    }
  }
}
