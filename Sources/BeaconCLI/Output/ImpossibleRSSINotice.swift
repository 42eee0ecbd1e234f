import Beacons
import BluetoothTypes
import ProgramOutput

/// The one warning on standard error the first time a report carries an RSSI no receiver can
/// report (above 0 dBm or below −127 dBm): ranging leaves such reports out, and the summary
/// counts them (`impossibleRSSIReports`).
struct ImpossibleRSSINotice {
  private var warned = false

  /// Warns if `sighting` is the run's first with an impossible RSSI.
  mutating func check(_ sighting: BeaconSighting, program: String, source: String) {
    guard !warned, let rssi = sighting.rssi, !BeaconRanging.isPossible(rssi: Int(rssi)) else { return }
    warned = true
    let possible = BeaconRanging.possibleRSSIs
    StandardError.writeLine(
      "\(program): warning: \(source): \(sighting.frame.identity) reported an RSSI of \(rssi) dBm at "
        + "\(sighting.time.iso8601), which no receiver can (\(possible.lowerBound) to \(possible.upperBound) dBm): "
        + "such reports are left out of ranging and counted in the summary (--summary); this is said once")
  }
}

/// ``ImpossibleRSSINotice`` beside an output that takes no sightings itself (`--notify`'s station
/// events, `--expect`'s health changes).
final class ImpossibleRSSIListener: BeaconFinderDelegate {
  private var notice = ImpossibleRSSINotice()
  private let program: String
  private let source: String

  init(program: String, source: String) {
    self.program = program
    self.source = source
  }

  func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    notice.check(sighting, program: program, source: source)
  }

  func beaconFinder(_ finder: any BeaconFinder, didReach time: Timestamp) {}
}
