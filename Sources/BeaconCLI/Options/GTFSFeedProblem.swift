import TransitFeeds
import TransitNetworks

/// Why the feed `--gtfs` names gives no network: it cannot be read, or what it says is wrong.
public enum GTFSFeedProblem: Error, Hashable, Sendable, CustomStringConvertible {
  case feed(path: String, FeedError)
  case network(path: String, FeedNetworkError)

  public var description: String {
    switch self {
    // That message names the path already.
    case .feed(_, let error) where error.file == nil: "\(error)"
    case .feed(let path, let error): "\(path): \(error)"
    case .network(let path, let error): "\(path): \(error)"
    }
  }
}
