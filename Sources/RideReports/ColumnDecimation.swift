/// Thins a long series for a chart a given number of pixel columns wide: per column, the first
/// and last point and the lowest and highest, in time order. The drawn line and dots look the
/// same as with every point (nothing outside a column's extremes is lost), and a million points
/// become at most four per column.
public struct ColumnDecimation: Sendable {
  /// The time span the chart covers, in any unit (seconds here), start before end.
  public let start: Double
  public let end: Double
  /// How many pixel columns.
  public let columns: Int

  public init(start: Double, end: Double, columns: Int) {
    self.start = start
    self.end = max(end, start)
    self.columns = max(1, columns)
  }

  /// Which column `time` falls in, clamped to the chart.
  public func column(of time: Double) -> Int {
    guard end > start else { return 0 }
    let position = (time - start) / (end - start) * Double(columns)
    guard position.isFinite else { return 0 }
    return min(columns - 1, max(0, Int(position)))
  }

  /// `points` (time order) thinned: for each column, its first, lowest, highest and last point,
  /// each once, in time order.
  public func thin(_ points: [(time: Double, value: Double)]) -> [(time: Double, value: Double)] {
    var kept: [(time: Double, value: Double)] = []
    var index = points.startIndex
    while index < points.endIndex {
      let column = column(of: points[index].time)
      var end = index
      var lowest = index
      var highest = index
      while end < points.endIndex, self.column(of: points[end].time) == column {
        if points[end].value < points[lowest].value { lowest = end }
        if points[end].value > points[highest].value { highest = end }
        end += 1
      }
      let last = end - 1
      for chosen in Set([index, lowest, highest, last]).sorted() { kept.append(points[chosen]) }
      index = end
    }
    return kept
  }
}
