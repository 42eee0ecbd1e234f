/// Why bytes are not a GTFS-Realtime feed (``RealtimeFeed/init(decoding:)``).
public enum RealtimeFeedError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What the protocol buffer decoder found wrong.
  public enum Defect: Hashable, Sendable {
    /// The bytes end inside a field: a download cut short.
    case truncated
    /// Not protocol buffers: a wrong wire type or field number (a web page, JSON, another format).
    case malformed
    /// A string field that is not UTF-8.
    case invalidUTF8
    /// Messages nested deeper than the decoder allows.
    case nestedTooDeeply
  }

  /// The bytes are not a protocol buffer `FeedMessage`.
  case notProtocolBuffers(Defect)
  /// A well-formed message without the `header` every FeedMessage has (empty bytes are one): not a
  /// GTFS-Realtime feed.
  case noHeader

  public var description: String {
    let advice =
      "give the feed's binary (protocol buffer) URL or file, not its JSON or a web page, and check that the download finished"
    switch self {
    case .notProtocolBuffers(.truncated):
      return "not a GTFS-Realtime feed: the protocol buffer ends inside a field (cut short); \(advice)"
    case .notProtocolBuffers(.malformed):
      return "not a GTFS-Realtime feed: not protocol buffers; \(advice)"
    case .notProtocolBuffers(.invalidUTF8):
      return "not a GTFS-Realtime feed: a text field is not UTF-8; \(advice)"
    case .notProtocolBuffers(.nestedTooDeeply):
      return "not a GTFS-Realtime feed: messages nested deeper than the decoder allows; \(advice)"
    case .noHeader:
      return "not a GTFS-Realtime feed: the FeedMessage has no header (is the file empty?); \(advice)"
    }
  }
}
