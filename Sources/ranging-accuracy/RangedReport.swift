import Beacons
import Foundation

/// One report after ranging: what the product estimated and what was true.
struct RangedReport {
  var kind: String
  /// The report's RSSI with the receiver's offset added (dBm).
  var rssi: Double
  /// ``BeaconState/smoothedRSSI`` after the report.
  var smoothedRSSI: Double
  /// ``BeaconState/estimatedDistance`` after the report.
  var estimatedDistance: Double
  var proximity: BeaconProximity
  var trueDistance: Double
  /// The frame's measured power (the RSSI expected at 1 m).
  var measuredPower: Int
}

/// How a receiver's reports are ranged: the product's configuration and an RSSI offset.
struct RangingSetup: Hashable {
  var window: Duration
  /// ``BeaconRanging/Configuration/trimmedFraction``; 0.49 keeps the middle one or two values: a median.
  var trimmedFraction: Double
  var exponent: Double

  /// The trimmed fraction that makes the trimmed mean a median (the window keeps at least the middle value).
  static let median = 0.49

  var configuration: BeaconRanging.Configuration {
    BeaconRanging.Configuration(smoothingWindow: window, trimmedFraction: trimmedFraction, pathLossExponent: exponent)
  }

  var smoothingLabel: String {
    let seconds = Double(window.wholeMicroseconds) / 1_000_000
    let trim = trimmedFraction >= Self.median ? "median" : "trim \(decimal(trimmedFraction, 1))"
    return seconds == 0 ? "single report" : "\(decimal(seconds, 0)) s, \(trim)"
  }
}

/// The log-distance model: the RSSI expected at `distance` metres.
func modelRSSI(distance: Double, measuredPower: Int, exponent: Double) -> Double {
  Double(measuredPower) - 10 * exponent * log10(distance)
}

/// The distance at which the model expects `rssi`.
func modelDistance(rssi: Double, measuredPower: Int, exponent: Double) -> Double {
  pow(10, (Double(measuredPower) - rssi) / (10 * exponent))
}

/// Reports a receiver cannot have heard as recorded are left out of every measure: an RSSI of 0 dBm
/// or more, or none; and a true distance under 1 cm, whose error factor is meaningless.
func isMeasurable(_ report: TruthfulSighting) -> Bool {
  guard let rssi = report.sighting.rssi else { return false }
  return rssi < 0 && report.trueDistance >= 0.01
}

extension ReceiverRecording {
  /// Replays the recording through a fresh ``BeaconRanging``, each sighting's RSSI raised by
  /// `offset` dB first (as `beacon-scan --rssi-offset` does), and pairs the state after each
  /// measurable report with that report's true distance.
  func ranged(_ setup: RangingSetup, offset: Int) -> [RangedReport] {
    var ranging = BeaconRanging(configuration: setup.configuration)
    var ranged: [RangedReport] = []
    ranged.reserveCapacity(reports.count)
    for report in reports {
      var sighting = report.sighting
      sighting.rssi = sighting.rssi.map { Int8(clamping: Int($0) + offset) }
      let identity = sighting.frame.identity
      let events = ranging.ingest(sighting)
      guard isMeasurable(report), let rssi = sighting.rssi else { continue }
      let state = events.lazy.compactMap { event -> BeaconState? in
        if case .ranged(let state) = event, state.identity == identity { return state }
        return nil
      }.first
      guard let state, let smoothed = state.smoothedRSSI, let distance = state.estimatedDistance else { continue }
      ranged.append(
        RangedReport(
          kind: receiver.kind, rssi: Double(rssi), smoothedRSSI: smoothed, estimatedDistance: distance,
          proximity: state.proximity, trueDistance: report.trueDistance, measuredPower: state.txPowerAt1m))
    }
    return ranged
  }
}

/// `value` with `places` decimals.
func decimal(_ value: Double, _ places: Int) -> String {
  guard value.isFinite else { return "-" }
  return String(format: "%.\(places)f", value)
}
