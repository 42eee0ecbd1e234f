import CSystemd

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Tells the service manager (systemd) how the service is doing, through libsystemd's
/// `sd_notify(3)`: ready, stopping, a status line, and the watchdog's keep-alive pings.
///
/// Under a `Type=notify` unit systemd passes the socket to talk to in `NOTIFY_SOCKET`, and with
/// `WatchdogSec=` the period in `WATCHDOG_USEC` (for the process `WATCHDOG_PID`). Both are read
/// once, when the notifier is made: without `NOTIFY_SOCKET` (a run from a shell, a test) every
/// call returns at once and sends nothing.
///
/// ```swift
/// let service = ServiceNotifier()
/// service.ready(status: "scanning hci0")
/// while !done {
///   service.pingWatchdogIfDue()  // at least every second
///   …
/// }
/// service.stopping()
/// ```
///
/// Not thread-safe: one notifier belongs to the loop that pings it.
public final class ServiceNotifier {
  /// Whether a service manager listens (`NOTIFY_SOCKET` was set when the notifier was made).
  public let isSupervised: Bool
  /// How often ``pingWatchdogIfDue()`` pings: half the watchdog period `sd_watchdog_enabled(3)`
  /// reports, as systemd.service(5) advises; `nil` when there is no watchdog.
  public let watchdogPingInterval: Duration?
  private let clock = ContinuousClock()
  /// When the next watchdog ping is due; `nil` without a watchdog.
  private var nextPing: ContinuousClock.Instant?

  /// A notifier for this process, from `NOTIFY_SOCKET`, `WATCHDOG_USEC` and `WATCHDOG_PID`.
  public init() {
    isSupervised = getenv("NOTIFY_SOCKET") != nil
    var microseconds: UInt64 = 0
    if isSupervised, sd_watchdog_enabled(0, &microseconds) > 0, microseconds > 0 {
      watchdogPingInterval = .microseconds(Int64(clamping: microseconds / 2))
    } else {
      watchdogPingInterval = nil
    }
    nextPing = watchdogPingInterval.map { clock.now.advanced(by: $0) }
  }

  /// Says that start-up is finished (`READY=1`) and what the service is doing (`STATUS=`, shown
  /// by `systemctl status`). Returns whether the message was sent.
  @discardableResult
  public func ready(status: String) -> Bool {
    send("READY=1\nSTATUS=\(Self.oneLine(status))")
  }

  /// Updates the status line (`STATUS=`) alone, e.g. while a lost controller is reconnected.
  @discardableResult
  public func status(_ status: String) -> Bool {
    send("STATUS=\(Self.oneLine(status))")
  }

  /// Says that the service is shutting down (`STOPPING=1`): sent when a stop was asked for,
  /// before the controller is left as it was found.
  @discardableResult
  public func stopping() -> Bool {
    send("STOPPING=1")
  }

  /// Pings the watchdog (`WATCHDOG=1`) when half its period has passed since the last ping (or
  /// since the notifier was made); otherwise, and without a watchdog, only compares two numbers.
  /// Call it at least once a second from the loop that does the work, so that a loop that hangs
  /// stops the pings and systemd restarts the service.
  public func pingWatchdogIfDue() {
    guard let due = nextPing, let interval = watchdogPingInterval else { return }
    let now = clock.now
    guard now >= due else { return }
    nextPing = now.advanced(by: interval)
    send("WATCHDOG=1")
  }

  @discardableResult
  private func send(_ state: String) -> Bool {
    guard isSupervised else { return false }
    return sd_notify(0, state) > 0
  }

  /// A message field ends at a newline: a status keeps its first line's worth of text.
  private static func oneLine(_ text: String) -> String {
    String(text.map { $0.isNewline ? " " : $0 })
  }
}
