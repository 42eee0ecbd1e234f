import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Set by the signal handlers; read by ``StopSignal/isRequested``.
private let stopRequested = Atomic<Bool>(false)
/// When the first stop signal arrived, in monotonic nanoseconds (0: none yet).
private let firstSignalNanoseconds = Atomic<Int64>(0)
/// ``StopSignal/forceQuitDelay`` in nanoseconds, stored by ``StopSignal/install()``.
private let forceQuitNanoseconds = Atomic<Int64>(0)

/// A stop flag raised by SIGINT or SIGTERM, which the programs' loops poll between reads so that
/// they can leave the controller as they found it (`ControllerSession.shutdown()`).
///
/// The handlers do nothing but read the monotonic clock and store to atomics, which is safe in a
/// signal handler. A second signal at least ``forceQuitDelay`` after the first restores the
/// default action and raises the signal again, so a program that does not stop can still be
/// interrupted; a repeat within that second is the same request delivered twice (`timeout(1)`
/// and shells signal the process and then its process group) and is ignored.
public enum StopSignal {
  /// Installs the handlers for SIGINT and SIGTERM (`signal(2)`), and unblocks both signals:
  /// a process started by a supervisor or a test runner may inherit a mask that blocks them,
  /// and a blocked signal never reaches its handler. (SIGPIPE is ignored for every run, by
  /// ``StandardStreams/prepare()``.) The corresponding C functions are `signal` and
  /// `pthread_sigmask`.
  ///
  /// Every global the handler reads is initialised here first, so that the handler never runs a
  /// lazy initialiser (which takes a lock) in signal context.
  public static func install() {
    let delay = forceQuitDelay.components
    forceQuitNanoseconds.store(
      delay.seconds * 1_000_000_000 + delay.attoseconds / 1_000_000_000, ordering: .releasing)
    if stopRequested.load(ordering: .acquiring) == false {
      firstSignalNanoseconds.store(0, ordering: .releasing)
    }
    _ = signal(SIGINT, handleStopSignal)
    _ = signal(SIGTERM, handleStopSignal)
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
  }

  /// Whether a stop was requested, by a signal or by ``request()``.
  public static var isRequested: Bool { stopRequested.load(ordering: .acquiring) }

  /// Raises the flag without a signal (tests, or a stop for another reason).
  public static func request() { stopRequested.store(true, ordering: .releasing) }

  /// Lowers the flag again.
  public static func reset() {
    stopRequested.store(false, ordering: .releasing)
    firstSignalNanoseconds.store(0, ordering: .releasing)
  }

  /// How long after the first signal a second one ends the program at once.
  public static let forceQuitDelay = Duration.seconds(1)
}

/// The C signal handler: raises the flag; on a second signal falls back to the default action.
private func handleStopSignal(_ signalNumber: Int32) {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  let nanoseconds = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  let (exchanged, _) = stopRequested.compareExchange(
    expected: false, desired: true, ordering: .acquiringAndReleasing)
  if exchanged {
    firstSignalNanoseconds.store(nanoseconds, ordering: .releasing)
    return
  }
  let first = firstSignalNanoseconds.load(ordering: .acquiring)
  if first != 0, nanoseconds - first >= forceQuitNanoseconds.load(ordering: .acquiring) {
    _ = signal(signalNumber, SIG_DFL)
    _ = raise(signalNumber)
  }
}
