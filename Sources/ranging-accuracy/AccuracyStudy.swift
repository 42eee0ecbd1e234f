import Beacons

/// The evaluation: choices made on the calibration tracks, results on the others.
///
/// The split is fixed before looking at any result: the receivers are calibrated on the two
/// straight walks `straight_01` and `straight_02` (what an installer would do: walk the beacon
/// past the receivers once or twice) and measured on the four other tracks (two more straight
/// walks, a rectangle and a zigzag), which they never saw.
struct AccuracyStudy {
  static let calibrationTracks = ["straight_01", "straight_02"]
  static let windows: [Double] = [2, 5, 10, 20]
  static let trims: [Double] = [0, 0.1, 0.2, 0.3, RangingSetup.median]
  /// 1.2 … 3.0 by 0.1.
  static let exponents: [Double] = (12...30).map { Double($0) / 10 }
  static let kinds = ["pi", "dongle"]

  var calibration: [ReceiverRecording]
  var measured: [ReceiverRecording]

  init(_ recordings: [ReceiverRecording]) throws(AccuracyInputError) {
    calibration = recordings.filter { Self.calibrationTracks.contains($0.track) }
    measured = recordings.filter { !Self.calibrationTracks.contains($0.track) }
    let found = Set(calibration.map(\.track))
    guard found.count == Self.calibrationTracks.count, !measured.isEmpty else {
      throw AccuracyInputError(
        description: "the captures need the tracks \(Self.calibrationTracks.joined(separator: " and ")) "
          + "and at least one other; convert the whole dataset with tools/rssi-captures.py")
    }
  }

  /// Every report of `recordings` ranged with `setup` and each receiver's offset.
  static func ranged(_ recordings: [ReceiverRecording], _ setup: RangingSetup, offsets: [String: Int]) -> [RangedReport]
  {
    recordings.flatMap { $0.ranged(setup, offset: offsets[$0.receiver.alias] ?? 0) }
  }

  /// One cell of the grid: the calibration part's median error factor after calibrating on it.
  struct GridPoint {
    var setup: RangingSetup
    var calibratedFactor: Double
  }

  /// Every smoothing × exponent, each calibrated (the product's rule) and scored on the calibration part.
  func grid() -> [GridPoint] {
    var points: [GridPoint] = []
    for window in Self.windows {
      for trim in Self.trims {
        for exponent in Self.exponents {
          let setup = RangingSetup(window: .seconds(window), trimmedFraction: trim, exponent: exponent)
          let offsets = CalibrationRule.smoothed.offsets(calibration, setup: setup)
          if let factor = medianErrorFactor(Self.ranged(calibration, setup, offsets: offsets)) {
            points.append(GridPoint(setup: setup, calibratedFactor: factor))
          }
        }
      }
    }
    return points
  }

  /// A configuration's results on the measured part, before and after calibration.
  struct Outcome {
    var name: String
    var setup: RangingSetup
    var rule: CalibrationRule
    var offsets: [String: Int]
    /// The spread s (dB) on the calibration part, uncalibrated and calibrated.
    var spreadBefore: Double?
    var spreadAfter: Double?
    var before: [RangedReport]
    var after: [RangedReport]
  }

  func outcome(name: String, setup: RangingSetup, rule: CalibrationRule) -> Outcome {
    let offsets = rule.offsets(calibration, setup: setup)
    return Outcome(
      name: name, setup: setup, rule: rule, offsets: offsets,
      spreadBefore: spread(Self.ranged(calibration, setup, offsets: [:]), exponent: setup.exponent),
      spreadAfter: spread(Self.ranged(calibration, setup, offsets: offsets), exponent: setup.exponent),
      before: Self.ranged(measured, setup, offsets: [:]), after: Self.ranged(measured, setup, offsets: offsets))
  }
}
