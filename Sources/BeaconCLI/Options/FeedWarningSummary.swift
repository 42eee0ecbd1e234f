import TransitFeeds

/// What a `--gtfs` feed's load read past (``Feed/warnings``), as the commands tell it on standard
/// error: one line counting the warnings by kind, then the first few (or, with
/// `--feed-warnings`, all that the feed kept) with their file, line and column.
struct FeedWarningSummary {
  /// How many warnings are shown without `--feed-warnings`.
  static let shownByDefault = 5

  let feedName: String
  let feed: Feed

  /// The lines to write; none for a feed without warnings.
  func lines(all: Bool) -> [String] {
    let counts = feed.warningCounts
    let total = counts.values.reduce(0, +)
    guard total > 0 else { return [] }
    let byKind = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.value) \($0.key.rawValue)" }
    var lines = ["feed \(feedName): \(total) \(total == 1 ? "warning" : "warnings"): " + byKind.joined(separator: ", ")]
    let shown = all ? feed.warnings[...] : feed.warnings.prefix(Self.shownByDefault)
    lines += shown.map { "  \($0)" }
    if !all && shown.count < total {
      lines.append("  … and \(total - shown.count) more (--feed-warnings lists them all)")
    } else if shown.count < total {
      lines.append("  … and \(total - shown.count) more, not kept: the first 1,000 of each kind in each file are")
    }
    return lines
  }
}
