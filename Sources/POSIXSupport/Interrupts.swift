import Glibc
import SystemPackage

// What the project's POSIX code needs beyond swift-system (here: the one place that knows `EINTR`;
// SpawnAttributes.swift: how children are spawned).
// Everything else calls ``retryingOnInterrupt(_:)`` or ``waitRetryingOnInterrupt(until:_:)``;
// swift-system's own `open`, `read` and `write` already retry on `EINTR`.

/// Calls `body` again for as long as it fails with `EINTR` (a signal arrived mid-call).
///
/// Not for `close`: on Linux the descriptor is released even when `close` reports `EINTR`,
/// so retrying could close a descriptor another thread has just been given.
package func retryingOnInterrupt<Result>(_ body: () throws(Errno) -> Result) throws(Errno) -> Result {
  while true {
    do throws(Errno) {
      return try body()
    } catch  where error == .interrupted {
      continue
    }
  }
}

/// Waits with `wait` (given the milliseconds left, -1 for no limit, as `poll` takes them)
/// until it reports readiness or `deadline` passes; a signal resumes the wait for the time that
/// is left, and so does a `poll` that returns early. Returns whether it became ready.
package func waitRetryingOnInterrupt(
  until deadline: ContinuousClock.Instant?, _ wait: (Int32) throws(Errno) -> Bool
) throws(Errno) -> Bool {
  let clock = ContinuousClock()
  while true {
    let milliseconds = deadline.map { pollMilliseconds(until: $0, clock: clock) } ?? -1
    do throws(Errno) {
      if try wait(milliseconds) { return true }
    } catch  where error == .interrupted {
      continue
    }
    if let deadline, clock.now >= deadline { return false }
  }
}

/// The whole milliseconds from now to `deadline`, rounded up, as `poll` takes them; 0 once it
/// has passed.
private func pollMilliseconds(until deadline: ContinuousClock.Instant, clock: ContinuousClock) -> Int32 {
  let remaining = clock.now.duration(to: deadline)
  guard remaining > .zero else { return 0 }
  let (seconds, attoseconds) = remaining.components
  let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
  return Int32(clamping: milliseconds)
}

/// A C call's result, or the `errno` it left when it returned -1. Read `errno` nowhere else.
package func valueOrErrno<Result: BinaryInteger>(_ result: Result) throws(Errno) -> Result {
  guard result >= 0 else { throw Errno(rawValue: Glibc.errno) }
  return result
}

/// Runs one of swift-system's calls, whose errors are untyped but always `Errno`.
package func systemCall<Result>(_ body: () throws -> Result) throws(Errno) -> Result {
  do {
    return try body()
  } catch let error as Errno {
    throw error
  } catch {
    throw Errno.ioError
  }
}

extension FileDescriptor {
  /// Starts connecting a non-blocking socket; returns `true` when the connection is made at
  /// once, `false` when it is under way (`EINPROGRESS`, or `EINTR`, after which it goes on in
  /// the background). The corresponding C function is `connect`.
  package func startConnecting(to address: UnsafeMutablePointer<sockaddr>?, length: socklen_t) throws(Errno) -> Bool {
    do throws(Errno) {
      _ = try valueOrErrno(Glibc.connect(rawValue, address, length))
      return true
    } catch  where error == .nowInProgress || error == .interrupted {
      return false
    }
  }
}

/// Sleeps for `duration`; a signal does not cut it short. The corresponding C function is
/// `nanosleep`.
package func sleepRetryingOnInterrupt(for duration: Duration) {
  let (seconds, attoseconds) = duration.components
  var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
  var remaining = timespec()
  while nanosleep(&request, &remaining) != 0 && Errno(rawValue: errno) == .interrupted { request = remaining }
}
