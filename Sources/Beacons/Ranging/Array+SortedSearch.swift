extension Array where Element: Comparable {
  /// In an array sorted ascending, the index of the first element not below `value` (the count
  /// when there is none): where `value` is, or where to insert it to keep the order. Binary
  /// search, for the sorted RSSI windows and address lists; inlinable, so that each caller gets it
  /// specialized for its element rather than through `Comparable`'s witness table.
  @inlinable
  package func firstIndex(notBelow value: Element) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = low + (high - low) / 2
      if self[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
