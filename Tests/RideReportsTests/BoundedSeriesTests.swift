import Testing

@testable import RideReports

/// A long run's series in bounded memory: real points only, the extremes and the silences kept.
@Suite struct BoundedSeriesTests {
  typealias Point = BoundedSeries.Point

  /// Two hours of a million reports, the same every run: a slow triangle wave from -100 to
  /// -50 dBm with a scrambled jitter of up to 6 dBm, and two spikes that are the only extremes.
  struct LongRun: Sendable {
    static let capacity = 4_096
    let all: [Point]
    let series: BoundedSeries

    init() {
      let count = 1_000_000
      let all = (0..<count).map { index -> Point in
        let time = Double(index) * 7_200 / Double(count)
        let wave = -100 + Double(abs(index % 20_000 - 10_000)) * 0.005
        let jitter = Double((index * 7_919) % 61) / 10
        switch index {
        case 123_457: return (time, -130)
        case 876_543: return (time, -10)
        default: return (time, wave + jitter)
        }
      }
      var series = BoundedSeries(capacity: Self.capacity)
      for point in all { series.append(point) }
      self.all = all
      self.series = series
    }
  }

  static let longRun = LongRun()

  /// Each group's lowest and highest value, the group of a point given by `key`.
  func extremes(_ points: [Point], by key: (Point) -> Int) -> [Int: ClosedRange<Double>] {
    var ranges: [Int: ClosedRange<Double>] = [:]
    for point in points {
      let group = key(point)
      ranges[group] =
        ranges[group].map { min($0.lowerBound, point.value)...max($0.upperBound, point.value) }
        ?? point.value...point.value
    }
    return ranges
  }

  func same(_ one: Point?, _ other: Point?) -> Bool {
    guard let one, let other else { return false }
    return one.time == other.time && one.value == other.value
  }

  func contains(_ points: [Point], _ point: Point) -> Bool { points.contains { same($0, point) } }

  @Test func aFewPointsAreKeptExactly() {
    var series = BoundedSeries()
    let points: [Point] = [(0, -80), (0.5, -90), (1, -70), (1.5, -85), (2, -75), (9, -60), (9.25, -61)]
    for point in points { series.append(point) }
    #expect(series.points.map(\.time) == points.map(\.time))
    #expect(series.points.map(\.value) == points.map(\.value))
    #expect(series.count == points.count)
    #expect(series.timeSpan?.first == 0 && series.timeSpan?.last == 9.25)
  }

  @Test func aMillionPointsKeepTheirEndsAndExtremesInBoundedMemory() {
    let run = Self.longRun
    let kept = run.series.points
    #expect(run.series.count == run.all.count)
    #expect(kept.count <= 4 * LongRun.capacity, "\(kept.count)")
    #expect(run.series.bucketLength > 0.05, "the buckets were merged")
    #expect(same(kept.first, run.all.first) && same(kept.last, run.all.last))
    let lowest = run.all.min { $0.value < $1.value }!
    let highest = run.all.max { $0.value < $1.value }!
    #expect(lowest.value == -130 && highest.value == -10)
    #expect(contains(kept, lowest) && contains(kept, highest))
    #expect(zip(kept, kept.dropFirst()).allSatisfy { $0.time < $1.time })
    #expect(run.series.timeSpan?.first == run.all.first!.time && run.series.timeSpan?.last == run.all.last!.time)
  }

  /// What the type promises at its own grain: after merging, every bucket (of the final length,
  /// counted from the first point) keeps exactly the lowest and highest value of its points.
  @Test func everyBucketKeepsItsLowestAndHighest() {
    let run = Self.longRun
    let origin = run.all[0].time
    let length = run.series.bucketLength
    func bucket(_ point: Point) -> Int { Int(((point.time - origin) / length).rounded(.down)) }
    let kept = extremes(run.series.points, by: bucket)
    #expect(kept.count <= LongRun.capacity)
    #expect(kept == extremes(run.all, by: bucket))
  }

  /// Thinned again for a chart a quarter as many columns wide as the capacity: the column edges
  /// do not fall on bucket edges, so a bucket across an edge keeps its extremes on one side only
  /// (as the type's documentation says; on this series nearly every column differs by up to a
  /// bucket's worth of the wave). What holds: the global extremes are kept, and each column's
  /// extremes are kept within the buckets that overlap the column.
  @Test func perColumnTheExtremesAreKeptWithinABucketOfTheColumn() {
    let run = Self.longRun
    let kept = run.series.points
    let decimation = ColumnDecimation(
      start: run.all.first!.time, end: run.all.last!.time, columns: LongRun.capacity / 4)
    let columnWidth = (decimation.end - decimation.start) / Double(decimation.columns)
    #expect(run.series.bucketLength < columnWidth / 2, "at least two buckets a column")
    func column(_ point: Point) -> Int { decimation.column(of: point.time) }
    let truth = extremes(run.all, by: column)
    let shown = extremes(kept, by: column)
    #expect(shown.count == decimation.columns)

    // The global extremes, whatever the columns.
    let everything = run.all.map(\.value)
    let keptValues = kept.map(\.value)
    #expect(keptValues.min() == everything.min() && keptValues.max() == everything.max())

    // Each column's extremes are among the kept points of the buckets that overlap it.
    let origin = run.all[0].time
    let length = run.series.bucketLength
    func bucket(_ point: Point) -> Int { Int(((point.time - origin) / length).rounded(.down)) }
    let keptPerBucket = extremes(kept, by: bucket)
    var bucketsPerColumn: [Int: Set<Int>] = [:]
    for point in run.all { bucketsPerColumn[column(point), default: []].insert(bucket(point)) }
    for (index, range) in truth {
      let around = bucketsPerColumn[index, default: []].compactMap { keptPerBucket[$0] }
      let lowest = around.map(\.lowerBound).min()
      let highest = around.map(\.upperBound).max()
      #expect(lowest.map { $0 <= range.lowerBound } == true, "column \(index)")
      #expect(highest.map { $0 >= range.upperBound } == true, "column \(index)")
    }
  }

  @Test func aSilenceLongerThanABucketSurvives() {
    var series = BoundedSeries(capacity: 64)
    // Two clusters of 100 s each, ten reports a second, 60 s apart.
    let before = (0..<1_000).map { (time: Double($0) * 0.1, value: -70 - Double($0 % 7)) }
    let after = (0..<1_000).map { (time: 160 + Double($0) * 0.1, value: -75 - Double($0 % 5)) }
    for point in before + after { series.append(point) }
    #expect(series.bucketLength < 60)
    #expect(series.count == 2_000)
    let kept = series.points
    let gaps = zip(kept, kept.dropFirst()).filter { $1.time - $0.time >= 60 }
    #expect(gaps.count == 1)
    #expect(gaps.first?.0.time == before.last!.time && gaps.first?.1.time == after.first!.time)
  }

  @Test func nonFiniteTimesAndValuesAreIgnored() {
    var series = BoundedSeries()
    series.append((0, -80))
    series.append((1, .nan))
    series.append((2, .infinity))
    series.append((3, -.infinity))
    series.append((.nan, -200))
    series.append((.infinity, 0))
    series.append((4, -70))
    #expect(series.count == 2)
    #expect(series.points.map(\.time) == [0, 4])
    #expect(series.points.map(\.value) == [-80, -70])
    #expect(series.timeSpan?.first == 0 && series.timeSpan?.last == 4)
  }

  @Test func aNonFiniteFirstPointDoesNotStartTheSeries() {
    var series = BoundedSeries(initialBucketLength: 1)
    series.append((.nan, -80))
    #expect(series.count == 0 && series.points.isEmpty && series.timeSpan == nil)
    series.append((100, -80))
    series.append((100.5, -90))
    // Both in the first bucket, counted from 100 s, not from a NaN origin.
    #expect(series.points.map(\.time) == [100, 100.5])
  }

  @Test func anEarlierPointCountsInTheLastBucket() {
    // Two buckets, the capacity: a third would merge them (and double the bucket length).
    var series = BoundedSeries(capacity: 2, initialBucketLength: 1)
    series.append((10, -80))
    series.append((20, -85))
    series.append((5, -60))
    #expect(series.count == 3)
    #expect(series.bucketLength == 1, "no bucket opened for the earlier point")
    // It is the last bucket's highest: kept, at the last point's time.
    #expect(contains(series.points, (20, -60)))
  }

  /// An earlier point counts at the last point's time: the kept points never go back.
  @Test func keptTimesNeverGoBack() {
    var series = BoundedSeries(initialBucketLength: 1)
    series.append((10, -80))
    series.append((20, -85))
    series.append((5, -60))
    let times = series.points.map(\.time)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "\(times)")
    #expect((series.timeSpan?.first ?? 0) <= (series.timeSpan?.last ?? 0), "\(String(describing: series.timeSpan))")
  }

  /// At most ``BoundedSeries/capacity`` buckets, also for points so far apart that one doubling
  /// of the bucket length does not merge any two.
  @Test func sparsePointsStayWithinTheCapacity() {
    var series = BoundedSeries(capacity: 4)
    var mostKept = 0
    // One report every 1,000 s: every point is a bucket of its own, at most 4 buckets.
    for index in 0..<60 {
      series.append((Double(index) * 1_000, Double(index)))
      mostKept = max(mostKept, series.points.count)
    }
    #expect(series.count == 60)
    #expect(mostKept <= 4 * 4, "\(mostKept)")
    #expect(series.points.count <= 4 * 4)
  }

  /// Each point once, also when several share a time.
  @Test func pointsAtTheSameTimeAreKeptOnce() {
    var series = BoundedSeries()
    series.append((0, -80))
    series.append((0, -90))
    let kept = series.points
    #expect(kept.count == 2, "\(kept)")
  }
}
