import TransitFeeds

/// Why a feed's timetable cannot be planned on.
public enum TimetableProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// The agencies' time zone is no zone this machine knows.
  case timeZone(AgencyTimeZoneProblem)
  /// The trips, with their `frequencies.txt` runs, make more connections than a plan may scan.
  case tooLarge(limit: Int)

  public var description: String {
    switch self {
    case .timeZone(let problem): problem.description
    case .tooLarge(let limit):
      "the feed's trips and frequencies make more than \(limit) connections (one train between two stations); give a feed with fewer"
    }
  }
}
