/// The log-distance path-loss model: `d = 10 ^ ((txPowerAt1m − rssi) / (10 · n))` metres.
///
/// Chosen over the curve fitted to one phone (`0.89976 · r^7.7095 + 0.111`, r = rssi/txPower)
/// because its one parameter, the exponent *n*, has a physical meaning that can be set for a
/// train car, and it does not pretend to a phone-specific calibration this toolkit cannot know.
enum DistanceEstimate {
  /// Metres at `rssi`, or `nil` when `txPowerAt1m` is not a plausible calibration (it must be
  /// negative: 0 means "not calibrated" in iBeacon frames), the exponent is not positive or the
  /// distance is beyond a `Double`.
  static func metres(rssi: Double, txPowerAt1m: Int, pathLossExponent: Double) -> Double? {
    guard txPowerAt1m < 0, pathLossExponent > 0, pathLossExponent.isFinite, rssi.isFinite else { return nil }
    let metres = pow10((Double(txPowerAt1m) - rssi) / (10 * pathLossExponent))
    return metres.isFinite ? metres : nil
  }

  /// The distance at `rssi` and the interval about it: the distances at `rssi + spread` (low) and
  /// `rssi − spread` (high); `nil` when any of them cannot be estimated.
  static func interval(
    rssi: Double, spread: Double, txPowerAt1m: Int, pathLossExponent: Double
  ) -> (distance: Double, low: Double, high: Double)? {
    let spread = spread.isFinite ? abs(spread) : 0
    guard let distance = metres(rssi: rssi, txPowerAt1m: txPowerAt1m, pathLossExponent: pathLossExponent),
      let low = metres(rssi: rssi + spread, txPowerAt1m: txPowerAt1m, pathLossExponent: pathLossExponent),
      let high = metres(rssi: rssi - spread, txPowerAt1m: txPowerAt1m, pathLossExponent: pathLossExponent)
    else { return nil }
    return (distance, low, high)
  }

  /// 10^x without Foundation: e^(x · ln 10) by range reduction and a Taylor series.
  static func pow10(_ x: Double) -> Double {
    let y = x * 2.302_585_092_994_046  // ln 10
    // e^y = 2^k · e^r with |r| ≤ ln 2 / 2, so the series converges in a few terms.
    let ln2 = 0.693_147_180_559_945_3
    let k = (y / ln2).rounded()
    guard k.magnitude < 1000 else { return k > 0 ? .infinity : 0 }
    let r = y - k * ln2
    var term = 1.0
    var sum = 1.0
    for n in 1...20 {
      term *= r / Double(n)
      sum += term
    }
    return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
  }

  /// log10(x) for a positive finite `x` without Foundation: x = m · 2^e with 1 ≤ m < 2, and
  /// ln m = 2 · atanh((m − 1)/(m + 1)) by its series (the argument is at most 1/3).
  static func log10(_ x: Double) -> Double {
    guard x > 0, x.isFinite else { return x == 0 ? -.infinity : .nan }
    let ln2 = 0.693_147_180_559_945_3
    let m = x.significand
    let z = (m - 1) / (m + 1)
    let z2 = z * z
    var power = z
    var sum = 0.0
    for k in 0..<40 {
      sum += power / Double(2 * k + 1)
      power *= z2
    }
    let ln = Double(x.exponent) * ln2 + 2 * sum
    return ln / 2.302_585_092_994_046
  }
}
