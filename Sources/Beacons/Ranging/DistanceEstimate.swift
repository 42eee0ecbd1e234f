/// The log-distance path-loss model: `d = 10 ^ ((txPowerAt1m − rssi) / (10 · n))` metres.
///
/// Chosen over the curve fitted to one phone (`0.89976 · r^7.7095 + 0.111`, r = rssi/txPower)
/// because its one parameter, the exponent *n*, has a physical meaning that can be set for a
/// train car, and it does not pretend to a phone-specific calibration this toolkit cannot know.
enum DistanceEstimate {
  /// Metres at `rssi`, or `nil` when `txPowerAt1m` is not a plausible calibration (it must be
  /// negative: 0 means "not calibrated" in iBeacon frames) or the exponent is not positive.
  static func metres(rssi: Double, txPowerAt1m: Int, pathLossExponent: Double) -> Double? {
    guard txPowerAt1m < 0, pathLossExponent > 0, rssi.isFinite else { return nil }
    return pow10((Double(txPowerAt1m) - rssi) / (10 * pathLossExponent))
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
}
