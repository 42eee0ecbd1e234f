import BluetoothTypes

/// The RSSI values one beacon reported within the smoothing window, and their trimmed mean.
///
/// The values are kept twice: in arrival order, to forget the oldest, and sorted, so that the
/// trimmed mean after every report is a sum over a slice rather than a sort. Both hold at most
/// the window's capacity (100 by default). Forgotten samples are only skipped (``forgotten``)
/// until they make up half the storage, so that forgetting one does not move all the others.
struct RSSIWindow: Hashable, Sendable {
  private var storage: [(time: Timestamp, rssi: Int)] = []
  /// How many samples at the start of `storage` are forgotten.
  private var forgotten = 0
  private var sortedValues: [Int16] = []

  /// The samples in the window, oldest first.
  private var samples: ArraySlice<(time: Timestamp, rssi: Int)> { storage[forgotten...] }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.samples.elementsEqual(rhs.samples) { $0.time == $1.time && $0.rssi == $1.rssi }
  }

  func hash(into hasher: inout Hasher) {
    for sample in samples {
      hasher.combine(sample.time)
      hasher.combine(sample.rssi)
    }
  }

  var isEmpty: Bool { samples.isEmpty }
  var count: Int { samples.count }

  /// Adds a value heard at `time` and forgets values older than `window` before it, keeping at
  /// most `capacity` values.
  mutating func add(_ rssi: Int, at time: Timestamp, window: Duration, capacity: Int) {
    storage.append((time, rssi))
    let value = Int16(clamping: rssi)
    sortedValues.insert(value, at: sortedValues.firstIndex(notBelow: value))
    let oldest = time.adding(.zero - window)
    let expired = (samples.firstIndex(where: { $0.time >= oldest }) ?? storage.endIndex) - forgotten
    let overCapacity = max(samples.count - expired - max(capacity, 1), 0)
    forgetOldest(expired + overCapacity)
  }

  /// The mean after dropping `trimmedFraction` of the values at each end (rounded down, so one or
  /// two values are averaged as they are); `nil` when the window is empty.
  func trimmedMean(trimmedFraction: Double) -> Double? {
    guard !sortedValues.isEmpty else { return nil }
    let fraction = min(max(trimmedFraction, 0), 0.49)
    let trimmed = Int(Double(sortedValues.count) * fraction)
    let kept = sortedValues[trimmed..<(sortedValues.count - trimmed)]
    return Double(kept.reduce(0) { $0 + Int($1) }) / Double(kept.count)
  }

  /// How uncertain ``trimmedMean(trimmedFraction:)`` is, in dB: its standard error as Tukey and
  /// McLaughlin estimate it, the standard deviation of the winsorized values (each trimmed one
  /// replaced by the nearest kept one) over (1 - 2 × the trimmed share) × √count; `nil` with
  /// fewer than two values.
  func trimmedMeanStandardError(trimmedFraction: Double) -> Double? {
    let count = sortedValues.count
    guard count >= 2 else { return nil }
    let fraction = min(max(trimmedFraction, 0), 0.49)
    let trimmed = Int(Double(count) * fraction)
    let low = Double(sortedValues[trimmed])
    let high = Double(sortedValues[count - 1 - trimmed])
    let winsorized = sortedValues.map { min(max(Double($0), low), high) }
    let mean = winsorized.reduce(0, +) / Double(count)
    let squares = winsorized.reduce(0.0) { sum, value in sum + (value - mean) * (value - mean) }
    let deviation = (squares / Double(count - 1)).squareRoot()
    let kept = 1 - 2 * Double(trimmed) / Double(count)
    return deviation / (kept * Double(count).squareRoot())
  }

  private mutating func forgetOldest(_ count: Int) {
    guard count > 0 else { return }
    for sample in storage[forgotten..<(forgotten + count)] {
      // The value is present: every sample's value was inserted when it arrived.
      let value = Int16(clamping: sample.rssi)
      let index = sortedValues.firstIndex(notBelow: value)
      if index < sortedValues.count, sortedValues[index] == value { sortedValues.remove(at: index) }
    }
    forgotten += count
    if forgotten * 2 >= storage.count {
      storage.removeFirst(forgotten)
      forgotten = 0
    }
  }
}
