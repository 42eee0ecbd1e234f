import TransitFeeds

/// What a `--gtfs` feed's load read past (``Feed/warnings``), as the commands tell it on standard
/// error: one line counting the warnings by kind, then the first few (or, with
/// `--feed-warnings`, all) with their file, line and column.
struct FeedWarningSummary {
  /// How many warnings are shown without `--feed-warnings`.
  static let shownByDefault = 5

  let feedName: String
  let warnings: [FeedWarning]

  /// The lines to write; none for a feed without warnings.
  func lines(all: Bool) -> [String] {
    guard !warnings.isEmpty else { return [] }
    var counts: [FeedWarning.Kind: Int] = [:]
    for warning in warnings { counts[warning.kind, default: 0] += 1 }
    let byKind = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.value) \($0.key.rawValue)" }
    var lines = [
      "feed \(feedName): \(warnings.count) \(warnings.count == 1 ? "warning" : "warnings"): "
        + byKind.joined(separator: ", ")
    ]
    let shown = all ? warnings[...] : warnings.prefix(Self.shownByDefault)
    lines += shown.map { "  \($0)" }
    if shown.count < warnings.count {
      lines.append("  … and \(warnings.count - shown.count) more (--feed-warnings lists them all)")
    }
    return lines
  }
}
