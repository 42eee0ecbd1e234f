/// How a receiver's RSSI offset is found from reports at known distances: the median over them of
/// (the model's RSSI at the true distance − the receiver's), rounded to a whole dB because a
/// sighting's RSSI is whole dBm. The offset is then added to each sighting before ranging.
enum CalibrationRule: CaseIterable {
  /// Against the smoothed RSSI after each report (the product's rule: what `--calibrate` sees).
  case smoothed
  /// Against each report's own RSSI.
  case raw

  var label: String {
    switch self {
    case .smoothed: "median of (model − smoothed RSSI)"
    case .raw: "median of (model − raw RSSI)"
    }
  }

  /// Each receiver's offset (dB) from `recordings`, ranged with `setup` and no offset; a receiver
  /// with no measurable report there gets none.
  func offsets(_ recordings: [ReceiverRecording], setup: RangingSetup) -> [String: Int] {
    var differences: [String: [Double]] = [:]
    for recording in recordings {
      for report in recording.ranged(setup, offset: 0) {
        let model = modelRSSI(
          distance: report.trueDistance, measuredPower: report.measuredPower, exponent: setup.exponent)
        let heard =
          switch self {
          case .smoothed: report.smoothedRSSI
          case .raw: report.rssi
          }
        differences[recording.receiver.alias, default: []].append(model - heard)
      }
    }
    return differences.compactMapValues { values in median(values).flatMap { Int(exactly: $0.rounded()) } }
  }
}
