import Beacons

/// The median of `values` (the mean of the middle two for an even count); `nil` when empty.
func median(_ values: [Double]) -> Double? {
  quantile(values, 0.5)
}

/// The `fraction` quantile of `values` by linear interpolation between the order statistics
/// (the median is the mean of the middle two for an even count); `nil` when empty.
func quantile(_ values: [Double], _ fraction: Double) -> Double? {
  let sorted = values.sorted()
  guard let first = sorted.first else { return nil }
  let position = fraction * Double(sorted.count - 1)
  let below = Int(position.rounded(.down))
  guard below + 1 < sorted.count else { return sorted.last ?? first }
  let weight = position - Double(below)
  return sorted[below] + (sorted[below + 1] - sorted[below]) * weight
}

/// How far off each estimate is: max(d_est / d_true, d_true / d_est), 1 when exact.
func errorFactor(_ report: RangedReport) -> Double {
  let ratio = report.estimatedDistance / report.trueDistance
  return max(ratio, 1 / ratio)
}

/// The median error factor of `reports`; `nil` when there are none.
func medianErrorFactor(_ reports: [RangedReport]) -> Double? {
  median(reports.map(errorFactor))
}

/// The smoothed RSSI's distance from the model's at the true distance (dB): positive when the
/// receiver heard the beacon louder than the model expects.
func residual(_ report: RangedReport, exponent: Double) -> Double {
  report.smoothedRSSI
    - modelRSSI(distance: report.trueDistance, measuredPower: report.measuredPower, exponent: exponent)
}

/// The 1-sigma spread (dB): the half-width around the model that holds 68 % of the residuals.
func spread(_ reports: [RangedReport], exponent: Double) -> Double? {
  quantile(reports.map { abs(residual($0, exponent: exponent)) }, 0.68)
}

/// The share of reports whose true distance lies in [d at smoothed + s, d at smoothed − s].
func intervalCoverage(_ reports: [RangedReport], exponent: Double, spread: Double) -> Double? {
  guard !reports.isEmpty else { return nil }
  let inside = reports.filter { report in
    let near = modelDistance(
      rssi: report.smoothedRSSI + spread, measuredPower: report.measuredPower, exponent: exponent)
    let far = modelDistance(rssi: report.smoothedRSSI - spread, measuredPower: report.measuredPower, exponent: exponent)
    return report.trueDistance >= near && report.trueDistance <= far
  }
  return Double(inside.count) / Double(reports.count)
}

/// The proximity a true distance belongs to, by the same bounds as the estimate's.
func trueProximity(_ distance: Double, _ configuration: BeaconRanging.Configuration) -> BeaconProximity {
  if distance < configuration.immediateDistance { return .immediate }
  if distance < configuration.nearDistance { return .near }
  return .far
}

/// Reports counted by true class (rows) and estimated class (columns).
struct ProximityConfusion {
  static let classes: [BeaconProximity] = [.immediate, .near, .far]
  var counts: [BeaconProximity: [BeaconProximity: Int]] = [:]

  init(_ reports: [RangedReport], configuration: BeaconRanging.Configuration) {
    for report in reports {
      counts[trueProximity(report.trueDistance, configuration), default: [:]][report.proximity, default: 0] += 1
    }
  }

  func count(true truth: BeaconProximity, estimated: BeaconProximity) -> Int { counts[truth]?[estimated] ?? 0 }

  /// The share of reports whose estimated class is the true one.
  var agreement: Double? {
    let total = counts.values.flatMap(\.values).reduce(0, +)
    guard total > 0 else { return nil }
    return Double(Self.classes.map { count(true: $0, estimated: $0) }.reduce(0, +)) / Double(total)
  }
}
