import BeaconTestSupport
import Foundation
import ServiceManager
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The notifier against a socket bound here, as systemd's would be: the datagrams libsystemd
/// sends are read back and compared byte for byte. The environment is the process's, so these
/// tests run one at a time and put it back.
@Suite(.serialized) struct ServiceNotifierTests {
  /// Sets the variables `systemd` passes a `Type=notify` service with `WatchdogSec=`, runs
  /// `body`, and removes them.
  private func withServiceEnvironment<Result>(
    socket: String?, watchdogMicroseconds: UInt64? = nil, watchdogPID: pid_t = getpid(),
    _ body: () throws -> Result
  ) rethrows -> Result {
    defer {
      for name in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"] { unsetenv(name) }
    }
    if let socket { setenv("NOTIFY_SOCKET", socket, 1) }
    if let watchdogMicroseconds {
      setenv("WATCHDOG_USEC", "\(watchdogMicroseconds)", 1)
      setenv("WATCHDOG_PID", "\(watchdogPID)", 1)
    }
    return try body()
  }

  @Test func sendsReadyWithStatusWatchdogPingsAtHalfThePeriodAndStopping() throws {
    let listener = try NotificationSocket()
    withServiceEnvironment(socket: listener.path, watchdogMicroseconds: 400_000) {
      let notifier = ServiceNotifier()
      #expect(notifier.isSupervised)
      #expect(notifier.watchdogPingInterval == .milliseconds(200))

      #expect(notifier.ready(status: "scanning hci0\n(passive)"))
      #expect(listener.nextMessage() == "READY=1\nSTATUS=scanning hci0 (passive)")

      // Not due yet: nothing is sent.
      notifier.pingWatchdogIfDue()
      #expect(listener.nextMessage(seconds: 0.05) == nil)
      usleep(220_000)
      notifier.pingWatchdogIfDue()
      notifier.pingWatchdogIfDue()  // just pinged: not due again
      #expect(listener.nextMessage() == "WATCHDOG=1")
      #expect(listener.nextMessage(seconds: 0.05) == nil)

      #expect(notifier.status("reconnecting"))
      #expect(listener.nextMessage() == "STATUS=reconnecting")
      #expect(notifier.stopping())
      #expect(listener.nextMessage() == "STOPPING=1")
      #expect(listener.nextMessage(seconds: 0.1) == nil)
    }
  }

  @Test func withoutNotifySocketSendsNothingEvenIfOneAppearsLater() throws {
    let listener = try NotificationSocket()
    let notifier = withServiceEnvironment(socket: nil, watchdogMicroseconds: 100_000) { ServiceNotifier() }
    #expect(!notifier.isSupervised)
    #expect(notifier.watchdogPingInterval == nil)
    withServiceEnvironment(socket: listener.path) {
      #expect(!notifier.ready(status: "scanning"))
      notifier.pingWatchdogIfDue()
      #expect(!notifier.stopping())
      #expect(listener.nextMessage(seconds: 0.2) == nil)
    }
  }

  @Test func aWatchdogMeantForAnotherProcessIsNotPinged() throws {
    let listener = try NotificationSocket()
    withServiceEnvironment(socket: listener.path, watchdogMicroseconds: 100_000, watchdogPID: getpid() + 1) {
      let notifier = ServiceNotifier()
      #expect(notifier.isSupervised)
      #expect(notifier.watchdogPingInterval == nil)
      usleep(60_000)
      notifier.pingWatchdogIfDue()
      #expect(listener.nextMessage(seconds: 0.1) == nil)
    }
  }
}
