/// How often a realtime feed is fetched: at the feed's own pace, the time between its last two
/// distinct header timestamps (a producer refreshing every 30 s is fetched every 30 s), within
/// ``minimum`` and ``maximum``; ``initial`` until two are seen, and twice as long after each
/// failure in a row (up to ``maximum``).
public struct RealtimePollPace: Hashable, Sendable {
  public static let initial: Int64 = 30
  public static let minimum: Int64 = 5
  public static let maximum: Int64 = 300

  /// The seconds to wait before the next fetch.
  public private(set) var interval: Int64 = initial
  private var lastTimestamp: Int64?
  private var cadence: Int64?
  private var failures = 0

  public init() {}

  /// A feed fetched with header timestamp `timestamp` (`nil`: none, or 304 Not Modified).
  public mutating func fetched(timestamp: Int64?) {
    failures = 0
    if let timestamp, let lastTimestamp, timestamp > lastTimestamp {
      cadence = timestamp - lastTimestamp
    }
    if let timestamp { lastTimestamp = max(timestamp, lastTimestamp ?? timestamp) }
    interval = min(max(cadence ?? Self.initial, Self.minimum), Self.maximum)
  }

  /// A fetch that failed.
  public mutating func failed() {
    failures += 1
    let base = min(max(cadence ?? Self.initial, Self.minimum), Self.maximum)
    interval = min(base << min(failures, 6), Self.maximum)
  }
}
