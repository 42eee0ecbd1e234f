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
    object.add("rssiSmoothed", state?.smoothedRSSI.map(NumberText.hundredths))
    object.add("distance", state?.estimatedDistance.map(NumberText.hundredths))
    object.add("distanceLow", state?.distanceLow.map(NumberText.hundredths))
    object.add("distanceHigh", state?.distanceHigh.map(NumberText.hundredths))
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

}
