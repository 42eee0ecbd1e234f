/// What of a realtime feed its static feed does not know (``MatchedRealtimeFeed/warnings``): left out,
/// never fatal.
public enum RealtimeMatchWarning: Hashable, Sendable, CustomStringConvertible {
  /// `trip_id`s not in the static feed (trips the feed adds, `ADDED`, are not counted).
  case unknownTripIDs(count: Int, examples: [String])
  /// `stop_id`s not in the static feed.
  case unknownStopIDs(count: Int, examples: [String])
  /// `route_id`s not in the static feed.
  case unknownRouteIDs(count: Int, examples: [String])
  /// Stop time updates of known trips whose `stop_sequence` or `stop_id` is none of the trip's stops.
  case stopUpdatesOffTrip(count: Int)

  /// At most this many ids are named in a warning.
  public static let exampleLimit = 3

  public var description: String {
    func ids(_ kind: String, _ count: Int, _ examples: [String]) -> String {
      let named = examples.joined(separator: ", ") + (count > examples.count ? ", …" : "")
      return
        "\(count) \(kind)\(count == 1 ? "" : "s") of the realtime feed \(count == 1 ? "is" : "are") not in the static feed (\(named)); their updates are left out (is the static feed the version the realtime feed is for?)"
    }
    switch self {
    case .unknownTripIDs(let count, let examples): return ids("trip_id", count, examples)
    case .unknownStopIDs(let count, let examples): return ids("stop_id", count, examples)
    case .unknownRouteIDs(let count, let examples): return ids("route_id", count, examples)
    case .stopUpdatesOffTrip(let count):
      return
        "\(count) stop time update\(count == 1 ? "" : "s") of the realtime feed name\(count == 1 ? "s" : "") a stop its trip does not make (by stop_sequence or stop_id); left out"
    }
  }
}
