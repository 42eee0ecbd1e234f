/// A series of points, appended in time order, kept in bounded memory for a chart whose time
/// span is not known yet (a live run that goes on for hours): per time bucket, the first, lowest,
/// highest and last point. When there are more than ``capacity`` buckets, neighbours are merged
/// in pairs (each bucket twice as long), so memory stays at most four points a bucket however
/// long the run.
///
/// Thinned again per pixel column (``ColumnDecimation``) the drawing is nearly the same as with
/// every point: ``capacity`` 4,096 keeps four buckets or more per column of a chart up to 1,024
/// columns wide, and each bucket keeps its own extremes, so a column's lowest and highest are
/// exact except where they fall in the one bucket that a column's edge cuts (whose extremes are
/// drawn in whichever column they fell). Gaps (silences) stay where they were: every point kept
/// is a real one, at its own time.
public struct BoundedSeries: Sendable {
  public typealias Point = (time: Double, value: Double)

  private struct Bucket: Sendable {
    var first: Point
    var lowest: Point
    var highest: Point
    var last: Point

    init(_ point: Point) {
      first = point
      lowest = point
      highest = point
      last = point
    }

    mutating func add(_ point: Point) {
      if point.value < lowest.value { lowest = point }
      if point.value > highest.value { highest = point }
      last = point
    }

    mutating func absorb(_ later: Bucket) {
      if later.lowest.value < lowest.value { lowest = later.lowest }
      if later.highest.value > highest.value { highest = later.highest }
      last = later.last
    }
  }

  /// At most this many buckets are kept.
  public let capacity: Int
  /// How long a bucket is (the unit of the times); doubles each time buckets are merged.
  public private(set) var bucketLength: Double
  private var origin: Double?
  private var lastTime = -Double.infinity
  private var buckets: [Bucket] = []
  private var bucketIndexes: [Int] = []
  /// How many points were appended.
  public private(set) var count = 0

  /// A series whose buckets start `initialBucketLength` long (e.g. 0.05 s, finer than any
  /// chart needs) and number at most `capacity` (at least 2).
  public init(capacity: Int = 4096, initialBucketLength: Double = 0.05) {
    self.capacity = max(2, capacity)
    bucketLength = initialBucketLength > 0 ? initialBucketLength : 1
  }

  /// Adds a point later than (or at the time of) the last one; an earlier one counts at the last
  /// one's time, so the series never goes back in time.
  public mutating func append(_ point: Point) {
    guard point.time.isFinite, point.value.isFinite else { return }
    let point = (time: max(point.time, lastTime), value: point.value)
    lastTime = point.time
    count += 1
    guard let origin else {
      origin = point.time
      buckets.append(Bucket(point))
      bucketIndexes.append(0)
      return
    }
    let index = Int(((point.time - origin) / bucketLength).rounded(.down))
    if let lastIndex = bucketIndexes.last, index <= lastIndex {
      buckets[buckets.count - 1].add(point)
      return
    }
    buckets.append(Bucket(point))
    bucketIndexes.append(index)
    // Far-apart points may need more than one doubling to fit.
    while buckets.count > capacity { coarsen() }
  }

  /// Buckets twice as long: each pair of neighbours in the new length becomes one.
  private mutating func coarsen() {
    bucketLength *= 2
    var merged: [Bucket] = []
    var mergedIndexes: [Int] = []
    merged.reserveCapacity(buckets.count / 2 + 1)
    for (bucket, index) in zip(buckets, bucketIndexes) {
      let coarse = index / 2
      if mergedIndexes.last == coarse {
        merged[merged.count - 1].absorb(bucket)
      } else {
        merged.append(bucket)
        mergedIndexes.append(coarse)
      }
    }
    buckets = merged
    bucketIndexes = mergedIndexes
  }

  /// The points kept, in time order: per bucket its first, lowest, highest and last, each once.
  public var points: [Point] {
    var kept: [Point] = []
    kept.reserveCapacity(buckets.count * 4)
    for bucket in buckets {
      var chosen: [Point] = []
      for point in [bucket.first, bucket.lowest, bucket.highest, bucket.last]
      where !chosen.contains(where: { $0.time == point.time && $0.value == point.value }) {
        chosen.append(point)
      }
      // Stable: points of the same time stay in the order first, lowest, highest, last.
      kept += chosen.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }
    return kept
  }

  /// The time of the first and of the last point, if any.
  public var timeSpan: (first: Double, last: Double)? {
    guard let first = buckets.first?.first.time, let last = buckets.last?.last.time else { return nil }
    return (first, last)
  }
}
