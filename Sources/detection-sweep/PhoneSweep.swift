import Beacons
import BluetoothTypes
import MRTNavigation
import PhoneModels
import StationCatalogs

/// `detection-sweep --phones`: what the named phone models notice, as two Markdown tables. The
/// rides' station visits under each model (``PhoneTrials``), and a beacon at each advertising
/// interval in a 20-s dwell (``PhoneCheck``). Every figure is predicted from the model.
enum PhoneSweep {
  /// The advertising intervals of the second table, in milliseconds.
  static let intervalsMilliseconds: [Double] = [100, 200, 500, 1000, 2000]
  /// The dwell of the second table, in seconds.
  static let dwellSeconds = 20.0

  /// The rides' table: per model, the visits safe, marginal and missed, and the mean share.
  static func ridesTable(_ rides: [DecodedRideFixture], trials: Int, seed: UInt64) -> [String] {
    var lines = [
      "| phone model | visits | safe | marginal | misses | mean noticed | median latency s |",
      "|---|---|---|---|---|---|---|",
    ]
    for model in PhoneModel.named {
      var notices: [PhoneNotice] = []
      for ride in rides {
        let scoring = PhoneTrials(catalog: ride.catalog)
        let visits = scoring.visits(in: ride.sightings).noticed
        notices += scoring.notice(visits, in: ride.sightings, phone: model.schedule, trials: trials, seed: seed)
      }
      let count = { (verdict: PhoneVerdict) in notices.filter { $0.verdict == verdict }.count }
      let mean = notices.isEmpty ? 0 : notices.map(\.noticedShare).reduce(0, +) / Double(notices.count)
      let medians = notices.compactMap(\.latencyMedian).sorted()
      let median = medians.isEmpty ? nil : medians[medians.count / 2]
      lines.append(
        "| \(model.name) | \(notices.count) | \(count(.safe)) | \(count(.marginal)) | \(count(.misses)) | "
          + "\(percent(mean)) | \(format(median)) |")
    }
    return lines
  }

  /// The intervals' table: the share of phones of each model that notice a beacon in a 20-s dwell.
  static func intervalsTable(trials: Int, seed: UInt64) throws(PhoneCheckError) -> [String] {
    let header = ["phone model"] + intervalsMilliseconds.map { "\(ValueRange.format($0)) ms" }
    var lines = [
      "| " + header.joined(separator: " | ") + " |", "|" + String(repeating: "---|", count: header.count),
    ]
    // Cipete Raya's beacon on the built-in network (its identity does not change the figures).
    let frame = BeaconFrame.iBeacon(
      IBeacon(uuid: UUID128(high: 0xF63B_21BA_2635_4BE4, low: 0xB6FF_E2EA_B8B5_41C3), major: 1, minor: 3))
    for model in PhoneModel.named {
      var cells = [model.name]
      for interval in intervalsMilliseconds {
        let check = PhoneCheck(
          frame: frame, schedule: model.schedule, dwellSeconds: dwellSeconds, trials: trials, seed: seed)
        cells.append(percent(try check.notice(intervalMilliseconds: interval).noticedShare))
      }
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    return lines
  }

  static func percent(_ share: Double) -> String { "\(format(share * 100)) %" }
}
