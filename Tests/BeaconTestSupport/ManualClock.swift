import Synchronization

/// A clock that moves only when told to, so timeouts can be tested without waiting.
package final class ManualClock: Clock {
  package struct Instant: InstantProtocol {
    package var offset: Duration

    package func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    package func duration(to other: Instant) -> Duration { other.offset - offset }
    package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let current = Mutex(Duration.zero)

  package init() {}

  package var now: Instant { Instant(offset: current.withLock { $0 }) }
  package var minimumResolution: Duration { .nanoseconds(1) }

  package func advance(by duration: Duration) { current.withLock { $0 += duration } }

  package func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    current.withLock { $0 = max($0, deadline.offset) }
  }
}
