/// RSSI values counted per dBm, for an exact minimum, median and maximum without keeping
/// every report.
///
/// Memory is one counter per dBm between the lowest and the highest value seen: at most 256
/// counters however many reports are added (a controller reports −127…+20 dBm; other values
/// are counted as they come). Reports without an RSSI (the controller's 127) are counted apart
/// in ``missing``. While every value counted is the same one (a beacon heard once, say), nothing is
/// allocated: the counters appear with the second value.
public struct RSSIHistogram: Hashable, Sendable {
  /// `counts[i]` is how many reports had RSSI `lowest + i`; empty while every value counted is
  /// `lowest`.
  private var counts: [Int] = []
  private var lowest: Int = 0
  /// Reports with an RSSI.
  public private(set) var count = 0
  /// Reports without an RSSI.
  public private(set) var missing = 0

  public init() {}

  /// Counts one report's RSSI; `nil` counts as ``missing``.
  public mutating func add(_ rssi: Int8?) {
    guard let rssi else {
      missing += 1
      return
    }
    let value = Int(rssi)
    if count == 0 {
      lowest = value
      count = 1
      return
    }
    if counts.isEmpty {
      if value == lowest {
        count += 1
        return
      }
      counts = [count]
    }
    if value < lowest {
      counts.insert(contentsOf: repeatElement(0, count: lowest - value), at: 0)
      lowest = value
    } else if value >= lowest + counts.count {
      counts.append(contentsOf: repeatElement(0, count: value - lowest - counts.count + 1))
    }
    counts[value - lowest] += 1
    count += 1
  }

  /// The lowest RSSI counted, `nil` when none.
  public var minimum: Int8? {
    guard count > 0 else { return nil }
    return counts.firstIndex { $0 > 0 }.map { Int8(truncatingIfNeeded: lowest + $0) }
      ?? Int8(truncatingIfNeeded: lowest)
  }

  /// The highest RSSI counted, `nil` when none.
  public var maximum: Int8? {
    guard count > 0 else { return nil }
    return counts.lastIndex { $0 > 0 }.map { Int8(truncatingIfNeeded: lowest + $0) } ?? Int8(truncatingIfNeeded: lowest)
  }

  /// The median RSSI: the middle value, or the mean of the two middle values when the count is
  /// even (as Python's `statistics.median`); `nil` when none.
  public var median: Double? {
    guard count > 0 else { return nil }
    // Zero-based ranks of the middle value(s) in sorted order.
    let upperRank = count / 2
    let lowerRank = count % 2 == 0 ? upperRank - 1 : upperRank
    guard let lower = value(atRank: lowerRank), let upper = value(atRank: upperRank) else { return nil }
    return Double(lower + upper) / 2
  }

  /// The value at a zero-based rank in sorted order.
  private func value(atRank rank: Int) -> Int? {
    if counts.isEmpty { return rank < count ? lowest : nil }
    var seen = 0
    for (index, bucket) in counts.enumerated() {
      seen += bucket
      if seen > rank { return lowest + index }
    }
    return nil
  }
}
