import TransitRealtime

/// Where a ride's live data comes from: the realtime feeds, matched to the timetable's feed, that
/// hold at a time. A source that polls conforms with its latest feeds; it also tells (once) of
/// those it leaves out as stale.
public protocol RealtimeUpdatesSource: Sendable {
  /// The feeds fresh at `time` (Unix seconds: now, or a replay's clock).
  func feeds(freshAt time: Int64) -> [MatchedRealtimeFeed]
}

/// Realtime feeds read once (files): each used while fresh at the time asked.
public struct FixedRealtimeUpdates: RealtimeUpdatesSource {
  public let feeds: [MatchedRealtimeFeed]
  /// The oldest a feed may be (seconds), ``TransitRealtime/RealtimeFeed/defaultMaximumAge`` unless given.
  public let maximumAge: Int64

  public init(feeds: [MatchedRealtimeFeed], maximumAge: Int64 = RealtimeFeed.defaultMaximumAge) {
    self.feeds = feeds
    self.maximumAge = maximumAge
  }

  public func feeds(freshAt time: Int64) -> [MatchedRealtimeFeed] {
    feeds.filter { $0.realtime.freshness(now: time, maximumAge: maximumAge).isFresh }
  }
}
