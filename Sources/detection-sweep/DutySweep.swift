import BeaconScanning
import Beacons
import HCIController
import MRTNavigation
import StationCatalogs

/// The duty sweep: the default policy on the rides as a scanner at 100, 90, 75, 50, 25 and 10 %
/// duty would have heard them (``ScanDutyCycleModel``), at the default scan interval.
///
/// Each ride is scored at ``phaseCount`` window phases and the worst counts (``RideScore/isWorse(than:)``):
/// a scanner starts wherever its windows happen to fall, and a stop must be on time at any of
/// them. At 100 % every phase hears every report, so the row is the policy sweep's default row.
enum DutySweep {
  /// The duties tried, in percent, the default (100) first.
  static let dutiesPercent: [Double] = [100, 90, 75, 50, 25, 10]
  /// The scan interval of every row: the commands' default.
  static let intervalMilliseconds = ScanConfiguration().intervalMilliseconds
  /// How many window phases each ride is scored at.
  static let phaseCount = 10

  /// The score of the rides at `dutyPercent`: per ride, its worst phase's.
  static func score(_ rides: [DecodedRideFixture], dutyPercent: Double) -> RideScore {
    let policy = StationPresencePolicy()
    let finder = BeaconRanging.Configuration()
    var total = RideScore()
    for ride in rides {
      var worst: (score: RideScore, events: [StationEvent])?
      for phase in ScanDutyCycleModel.phases(phaseCount) {
        let model = ScanDutyCycleModel(
          intervalMilliseconds: intervalMilliseconds, dutyPercent: dutyPercent, phase: phase)
        let events = ride.events(policy: policy, finder: finder, sightings: model.heard(ride.sightings))
        var score = RideScore()
        score.add(ride, events: events)
        if worst.map({ score.isWorse(than: $0.score) }) ?? true { worst = (score, events) }
      }
      if let worst { total.add(ride, events: worst.events) }
    }
    return total
  }

  /// A row's label: the duty and its window.
  static func label(_ dutyPercent: Double) -> String {
    let window = intervalMilliseconds * dutyPercent / 100
    return "\(ValueRange.format(dutyPercent)) % (window \(ValueRange.format(window)) of "
      + "\(ValueRange.format(intervalMilliseconds)) ms)"
  }
}
