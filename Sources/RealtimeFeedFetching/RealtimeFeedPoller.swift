import POSIXSupport
import TransitFeeds
import TransitRealtime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An `http://` or `https://` GTFS-Realtime source fetched again and again on a thread of its own, at the feed's
/// pace (``RealtimePollPace``), with `If-None-Match` and `If-Modified-Since` so an unchanged feed
/// costs a 304. Each new feed is decoded, matched to `feed` and handed to `onUpdate`; each failed
/// fetch to `onProblem`, and the polling goes on.
public final class RealtimeFeedPoller: Sendable {
  private struct State {
    var validators = HTTPClient.Validators()
    var pace: RealtimePollPace
    var stopped = false
  }

  public let source: String
  private let location: HTTPLocation
  private let feed: Feed
  private let timeout: Duration
  private let trust: TLSTrust
  private let state: POSIXMutex<State>
  private let onUpdate: @Sendable (MatchedRealtimeFeed) -> Void
  private let onProblem: @Sendable (RealtimeFetchProblem) -> Void

  /// The time a fetch may take, connecting included.
  public static let defaultTimeout: Duration = .seconds(20)

  /// An `https://` server's certificate is verified against `trust`; the polling keeps to `pace`.
  public init(
    source: String, location: HTTPLocation, feed: Feed, timeout: Duration = defaultTimeout,
    trust: TLSTrust = .systemStore, pace: RealtimePollPace.Bounds = .standard,
    onUpdate: @escaping @Sendable (MatchedRealtimeFeed) -> Void,
    onProblem: @escaping @Sendable (RealtimeFetchProblem) -> Void
  ) {
    self.source = source
    self.location = location
    self.feed = feed
    self.timeout = timeout
    self.trust = trust
    state = POSIXMutex(State(validators: HTTPClient.Validators(), pace: RealtimePollPace(bounds: pace)))
    self.onUpdate = onUpdate
    self.onProblem = onProblem
  }

  /// Fetches once, on the caller's thread: the new feed, matched; `nil` when the server says it
  /// has not changed.
  public func fetch() throws(RealtimeFetchProblem) -> MatchedRealtimeFeed? {
    let validators = state.withLock { $0.validators }
    let outcome: HTTPClient.Outcome
    do {
      outcome = try HTTPClient.get(location, validators: validators, trust: trust, timeout: timeout)
    } catch {
      state.withLock { $0.pace.failed() }
      throw error
    }
    switch outcome {
    case .notModified:
      state.withLock { $0.pace.fetched(timestamp: nil) }
      return nil
    case .body(let bytes, let newValidators):
      let realtime: RealtimeFeed
      do {
        realtime = try RealtimeFeed(decoding: bytes)
      } catch {
        state.withLock { $0.pace.failed() }
        throw .notAFeed(error)
      }
      state.withLock { state in
        state.validators = newValidators
        state.pace.fetched(timestamp: realtime.timestamp)
      }
      return MatchedRealtimeFeed(realtime, feed: feed)
    }
  }

  /// Polls on a thread of its own (a detached pthread: Foundation's `Thread` would load
  /// libFoundation, which the executables stay clear of) until ``stop()``: waits the pace's
  /// interval, fetches, hands on. False when no thread could be made.
  ///
  /// The corresponding C function is `sleep` (the thread is `DetachedThread`'s).
  @discardableResult public func start() -> Bool {
    DetachedThread.start { self.poll() }
  }

  private func poll() {
    while true {
      let interval = state.withLock { $0.pace.interval }
      // Asleep in steps of a second, so that stop() is seen soon.
      for _ in 0..<interval {
        if state.withLock({ $0.stopped }) { return }
        sleep(1)
      }
      if state.withLock({ $0.stopped }) { return }
      do throws(RealtimeFetchProblem) {
        if let matched = try fetch() { onUpdate(matched) }
      } catch {
        onProblem(error)
      }
    }
  }

  public func stop() { state.withLock { $0.stopped = true } }
}
