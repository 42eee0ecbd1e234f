/// How often a realtime feed is fetched: at the feed's own pace, the time between its last two
/// distinct header timestamps (a producer refreshing every 30 s is fetched every 30 s), within
/// the bounds' ``Bounds/minimum`` and ``Bounds/maximum``; ``Bounds/initial`` until two are seen,
/// and twice as long after each failure in a row (up to the maximum).
public struct RealtimePollPace: Hashable, Sendable {
  /// The intervals a pace keeps to, in seconds.
  public struct Bounds: Hashable, Sendable {
    /// Until the feed's cadence is known.
    public var initial: Int64
    /// The shortest wait, however fast the feed says it changes.
    public var minimum: Int64
    /// The longest wait, however slow the feed or however many failures.
    public var maximum: Int64

    /// 30 s at first, then the feed's cadence within 5 s to 5 min.
    public static let standard = Bounds(initial: 30, minimum: 5, maximum: 300)

    /// `minimum` ≤ `initial` ≤ `maximum`, each at least a second (clamped so).
    public init(initial: Int64, minimum: Int64, maximum: Int64) {
      self.minimum = max(minimum, 1)
      self.maximum = max(maximum, self.minimum)
      self.initial = min(max(initial, self.minimum), self.maximum)
    }
  }

  public let bounds: Bounds
  /// The seconds to wait before the next fetch.
  public private(set) var interval: Int64
  private var lastTimestamp: Int64?
  private var cadence: Int64?
  private var failures = 0

  public init(bounds: Bounds = .standard) {
    self.bounds = bounds
    interval = bounds.initial
  }

  /// A feed fetched with header timestamp `timestamp` (`nil`: none, or 304 Not Modified).
  public mutating func fetched(timestamp: Int64?) {
    failures = 0
    if let timestamp, let lastTimestamp, timestamp > lastTimestamp {
      cadence = timestamp - lastTimestamp
    }
    if let timestamp { lastTimestamp = max(timestamp, lastTimestamp ?? timestamp) }
    interval = base
  }

  /// A fetch that failed.
  public mutating func failed() {
    failures += 1
    interval = min(base << min(failures, 6), bounds.maximum)
  }

  /// The feed's cadence within the bounds, or the initial interval before it is known.
  private var base: Int64 { min(max(cadence ?? bounds.initial, bounds.minimum), bounds.maximum) }
}
