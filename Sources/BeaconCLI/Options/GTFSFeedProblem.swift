import TransitFeeds
import TransitNetworks

/// Why the feed `--gtfs` names gives no network or timetable: it cannot be read, or what it says
/// is wrong (or, for its times, the machine has no time zone database).
public enum GTFSFeedProblem: Error, Hashable, Sendable, CustomStringConvertible {
  case feed(path: String, FeedError)
  case network(path: String, FeedNetworkError)
  case timetable(path: String, TimetableProblem)

  public var description: String {
    switch self {
    // That message names the path already.
    case .feed(_, let error) where error.file == nil: "\(error)"
    case .feed(let path, let error): "\(path): \(error)"
    case .network(let path, let error): "\(path): \(error)"
    // The machine's problem, not the feed's.
    case .timetable(_, .timeZone(.noDatabase(let directory))):
      "\(AgencyTimeZoneProblem.noDatabase(directory: directory))"
    case .timetable(let path, let problem): "\(path): \(problem)"
    }
  }
}
