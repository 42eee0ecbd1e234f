import Beacons
import BluetoothTypes
import ProgramOutput

/// A beacon's ranging as `--ranging` shows it, the same in report lines and in `--table`: JSON
/// fields `rssiSmoothed`, `distance`, `distanceLow`, `distanceHigh` (metres, `null` when unknown)
/// and `proximity`; text columns SMOOTHED, DIST, LOW, HIGH, PROX.
package enum RangingText {
  package static let headers = ["SMOOTHED", "DIST", "LOW", "HIGH", "PROX"]
  package static let widths = [8, 6, 6, 6, 9]
  /// Indexes within ``headers`` of the numbers.
  package static let rightAligned = [0, 1, 2, 3]

  /// Adds the fields of `state` (all unknown without one) to `object`.
  package static func add(_ state: BeaconState?, to object: inout JSONLine) {
    object.add("rssiSmoothed", state?.smoothedRSSI.map(rounded))
    object.add("distance", state?.estimatedDistance.map(rounded))
    object.add("distanceLow", state?.distanceLow.map(rounded))
    object.add("distanceHigh", state?.distanceHigh.map(rounded))
    object.add("proximity", (state?.proximity ?? .unknown).rawValue)
  }

  /// The text cells of `state`, "-" for what is unknown.
  package static func cells(_ state: BeaconState?) -> [String] {
    [
      state?.smoothedRSSI.map(NumberText.oneDecimal) ?? "-",
      metres(state?.estimatedDistance), metres(state?.distanceLow), metres(state?.distanceHigh),
      (state?.proximity ?? .unknown).rawValue,
    ]
  }

  private static func metres(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "-" }
    return value < 10 ? NumberText.oneDecimal(value) : NumberText.plain(value.rounded())
  }

  /// Two decimals: enough for dBm and metres, and short (as the MQTT states write them).
  package static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
