import HCICodec

/// The RSSI values one beacon reported within the smoothing window, and their trimmed mean.
struct RSSIWindow: Hashable, Sendable {
  private var samples: [(time: CaptureTime, rssi: Int)] = []

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
  mutating func add(_ rssi: Int, at time: CaptureTime, window: Duration, capacity: Int) {
    samples.append((time, rssi))
    let oldest = time.adding(.zero - window)
    if let firstKept = samples.firstIndex(where: { $0.time >= oldest }) {
      samples.removeFirst(firstKept)
    } else {
      samples.removeAll()
    }
    if samples.count > max(capacity, 1) { samples.removeFirst(samples.count - max(capacity, 1)) }
  }

  /// The mean after dropping `trimmedFraction` of the values at each end (rounded down, so one or
  /// two values are averaged as they are); `nil` when the window is empty.
  func trimmedMean(trimmedFraction: Double) -> Double? {
    guard !samples.isEmpty else { return nil }
    let sorted = samples.map(\.rssi).sorted()
    let fraction = min(max(trimmedFraction, 0), 0.49)
    let trimmed = Int(Double(sorted.count) * fraction)
    let kept = sorted[trimmed..<(sorted.count - trimmed)]
    return Double(kept.reduce(0, +)) / Double(kept.count)
  }
}
