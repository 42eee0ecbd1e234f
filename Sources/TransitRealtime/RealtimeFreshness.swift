/// How old a realtime feed is against a clock (``RealtimeFeed/freshness(now:maximumAge:)``).
public enum RealtimeFreshness: Hashable, Sendable {
  /// Its header's timestamp is within the age allowed of now (either way: a producer's clock may
  /// run a little ahead).
  case fresh(age: Int64)
  /// Older (or further ahead) than allowed: its live times no longer hold.
  case stale(age: Int64)
  /// The header has no timestamp: its age cannot be told, so it is not used.
  case undated

  public var isFresh: Bool {
    if case .fresh = self { return true }
    return false
  }
}

extension RealtimeFeed {
  /// The default oldest a feed may be for its live times to replace the timetable's: 5 minutes,
  /// ten times the 30 s at which producers usually refresh, so one or two missed polls do not
  /// drop the live data, while a feed that stopped updating is not trusted for long.
  public static let defaultMaximumAge: Int64 = 300

  /// The feed's age at `now` (Unix seconds; for a replay, the capture's clock) against `maximumAge`.
  public func freshness(now: Int64, maximumAge: Int64 = defaultMaximumAge) -> RealtimeFreshness {
    guard let timestamp else { return .undated }
    let (age, overflow) = now.subtractingReportingOverflow(timestamp)
    guard !overflow, age.magnitude <= maximumAge.magnitude else { return .stale(age: overflow ? .max : age) }
    return .fresh(age: age)
  }
}
