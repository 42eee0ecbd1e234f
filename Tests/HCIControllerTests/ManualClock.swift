import Synchronization

/// A clock that moves only when told to, so timeouts can be tested without waiting.
final class ManualClock: Clock {
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let current = Mutex(Duration.zero)

  var now: Instant { Instant(offset: current.withLock { $0 }) }
  var minimumResolution: Duration { .nanoseconds(1) }

  func advance(by duration: Duration) { current.withLock { $0 += duration } }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    current.withLock { $0 = max($0, deadline.offset) }
  }
}
