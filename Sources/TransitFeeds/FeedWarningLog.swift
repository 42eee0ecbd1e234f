/// The warnings of a load as they are kept: every one counted by kind, the first
/// ``keptPerFileAndKind`` of each kind in each file kept whole, so that a defect on every row of
/// a large file (an extra field on each of a million stop times) costs a count, not a million
/// warnings held in memory.
struct FeedWarningLog: Sendable {
  static let keptPerFileAndKind = 1_000

  private struct Key: Hashable {
    let file: String
    let kind: FeedWarning.Kind
  }

  private(set) var kept: [FeedWarning] = []
  private(set) var counts: [FeedWarning.Kind: Int] = [:]
  private var keptCounts: [Key: Int] = [:]

  mutating func append(_ warning: FeedWarning) {
    counts[warning.kind, default: 0] += 1
    keep(warning)
  }

  /// Another log's warnings: all its counts, and as many of those it kept as the limit allows.
  mutating func append(contentsOf other: FeedWarningLog) {
    for (kind, count) in other.counts { counts[kind, default: 0] += count }
    for warning in other.kept { keep(warning) }
  }

  /// The kept warnings by file, then line, the order whoever fixes the feed reads them in.
  mutating func sortByFileAndLine() {
    kept = kept.enumerated().sorted { a, b in
      (a.element.file ?? "", a.element.line ?? 0, a.offset) < (b.element.file ?? "", b.element.line ?? 0, b.offset)
    }.map(\.element)
  }

  private mutating func keep(_ warning: FeedWarning) {
    let key = Key(file: warning.file ?? "", kind: warning.kind)
    let count = keptCounts[key, default: 0]
    guard count < Self.keptPerFileAndKind else { return }
    keptCounts[key] = count + 1
    kept.append(warning)
  }
}
