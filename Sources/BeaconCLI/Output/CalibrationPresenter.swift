import BeaconScanning
import Beacons
import BluetoothTypes
import ProgramOutput
import ScanSession
import StationCatalogs

/// `beacon-scan --calibrate METRES`: takes every report into a ``ReceiverCalibration`` and, when
/// the scan ends, prints the receiver's offset once (one JSON object, or a line for people).
final class CalibrationPresenter: ScanOutput, BeaconFinderDelegate {
  private(set) var calibration: ReceiverCalibration
  private let format: OutputFormat
  private let output: StandardOutput
  private let sourceName: String
  private var notice = ImpossibleRSSINotice()
  private var problemCount = 0
  private var printed = false

  /// Malformed events are listed one by one up to this many, then counted.
  static let problemsShownInFull = 20

  init(calibration: ReceiverCalibration, format: OutputFormat, output: StandardOutput, sourceName: String) {
    self.calibration = calibration
    self.format = format
    self.output = output
    self.sourceName = sourceName
  }

  func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    notice.check(sighting, program: "beacon-scan", source: sourceName)
    calibration.add(sighting)
  }

  func beaconFinder(_ finder: any BeaconFinder, didReach time: Timestamp) {}

  func warn(_ problem: ScanProblem) {
    problemCount += 1
    if problemCount <= Self.problemsShownInFull {
      StandardError.writeLine("beacon-scan: warning: \(sourceName): \(problem)")
    }
  }

  var isDone: Bool { false }

  /// Prints the offset; with no usable report, nothing (the command refuses the run).
  func finish(statistics: ScanStatistics) {
    guard !printed else { return }
    printed = true
    if problemCount > Self.problemsShownInFull {
      StandardError.writeLine(
        "beacon-scan: warning: \(sourceName): \(problemCount - Self.problemsShownInFull) more malformed event(s) not shown"
      )
    }
    guard let offset = calibration.rssiOffset else { return }
    output.writeLine(format == .json ? json(offset: offset) : text(offset: offset))
    output.flush()
  }

  /// The error for a run that heard nothing usable; `nil` when it did.
  var nothingHeard: String? {
    guard calibration.rssiOffset == nil else { return nil }
    let left = calibration.unusableCount
    return "beacon-scan: \(sourceName): --calibrate heard no report to calibrate with"
      + (left > 0 ? " (\(left) left out: an impossible RSSI, none, or a frame without a measured power)" : "")
      + "; stand a beacon \(ValueRange.format(calibration.distance)) m from the receiver and scan for longer"
  }

  private func json(offset: Double) -> String {
    var object = JSONLine()
    object.add("calibrationDistance", calibration.distance)
    object.add("pathLossExponent", calibration.pathLossExponent)
    object.add("rssiOffset", NumberText.hundredths(offset))
    object.add("reports", calibration.reportCount)
    object.add(
      "beacons",
      objects: calibration.heard.map { beacon in
        var entry = JSONLine()
        entry.add("identity", beacon.identity.description)
        entry.add("reports", beacon.reports)
        entry.add("medianRSSI", beacon.medianRSSI)
        entry.add("measuredPower", beacon.measuredPower)
        return entry
      })
    if calibration.unlistedReportCount > 0 { object.add("unlistedReports", calibration.unlistedReportCount) }
    return object.line
  }

  private func text(offset: Double) -> String {
    let beacons = calibration.heard.map { beacon in
      "\(beacon.identity): \(beacon.reports) report(s), median RSSI \(NumberText.plain(beacon.medianRSSI)) dBm, "
        + "measured power \(beacon.measuredPower) dBm"
    }
    return
      "--rssi-offset \(NumberText.plain(NumberText.hundredths(offset))): the dB to add to this receiver's RSSI so that "
      + "the model (exponent \(NumberText.plain(calibration.pathLossExponent))) gives "
      + "\(NumberText.plain(calibration.distance)) m, the median of \(calibration.reportCount) report(s); "
      + beacons.joined(separator: "; ")
      + (calibration.unlistedReportCount > 0
        ? "; \(calibration.unlistedReportCount) report(s) of beacons beyond the first "
          + "\(ReceiverCalibration.maximumListedBeacons) not listed" : "")
  }

}
