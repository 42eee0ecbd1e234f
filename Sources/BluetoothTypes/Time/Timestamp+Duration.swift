extension Duration {
  /// Whole microseconds, saturating rather than trapping on durations beyond ±292,000 years.
  public var wholeMicroseconds: Int64 {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
    guard !overflow else { return seconds < 0 ? .min : .max }
    let (sum, sumOverflow) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000_000)
    guard !sumOverflow else { return seconds < 0 ? .min : .max }
    return sum
  }

  /// The duration in seconds, as a `Double` (to the attosecond a `Double` can hold).
  public var secondsValue: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}

extension Timestamp {
  /// Microseconds from `earlier` to this time, saturating on overflow.
  public func microseconds(since earlier: Timestamp) -> Int64 {
    let (difference, overflow) = microsecondsSinceUnixEpoch.subtractingReportingOverflow(
      earlier.microsecondsSinceUnixEpoch)
    guard !overflow else { return earlier.microsecondsSinceUnixEpoch < 0 ? .max : .min }
    return difference
  }

  /// This time moved by `duration`, saturating on overflow.
  public func adding(_ duration: Duration) -> Timestamp {
    let (sum, overflow) = microsecondsSinceUnixEpoch.addingReportingOverflow(duration.wholeMicroseconds)
    guard !overflow else { return Timestamp(microsecondsSinceUnixEpoch: duration < .zero ? .min : .max) }
    return Timestamp(microsecondsSinceUnixEpoch: sum)
  }

  /// This time moved by `milliseconds` (to the microsecond, rounded), saturating on overflow; a
  /// value that is not finite moves it to the end it points to (NaN: not at all).
  public func adding(milliseconds: Double) -> Timestamp {
    let microseconds = (milliseconds * 1000).rounded()
    guard !microseconds.isNaN else { return self }
    guard let step = Int64(exactly: min(max(microseconds, -9.2e18), 9.2e18)) else { return self }
    let (sum, overflow) = microsecondsSinceUnixEpoch.addingReportingOverflow(step)
    guard !overflow else { return Timestamp(microsecondsSinceUnixEpoch: step < 0 ? .min : .max) }
    return Timestamp(microsecondsSinceUnixEpoch: sum)
  }

  /// Milliseconds from `earlier` to this time (saturating, as ``microseconds(since:)``).
  public func milliseconds(since earlier: Timestamp) -> Double { Double(microseconds(since: earlier)) / 1000 }
}
