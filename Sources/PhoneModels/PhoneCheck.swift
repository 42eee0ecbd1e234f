import Beacons
import BluetoothTypes
import MRTNavigation

/// `beacon-broadcast --check-phone`: how many phones of a model would notice a station beacon
/// advertising at an interval while in range for a dwell, and the longest interval at which that
/// share still reaches 99 %. Each trial is a fresh made-up visit (``AdvertisingVisit``: its own
/// advDelays) in front of a fresh phone (its own scan phase), scored as ``PhoneTrials`` scores a
/// capture.
public struct PhoneCheck: Sendable {
  /// The beacon's frame, as it is advertised.
  public var frame: BeaconFrame
  public var schedule: PhoneScanSchedule
  public var dwellSeconds: Double
  public var trials: Int
  public var seed: UInt64
  public var policy: StationPresencePolicy
  public var ranging: BeaconRanging.Configuration
  /// The RSSI the phone hears every advert at: well above the detection's enter threshold.
  public var rssi: Int8

  /// The intervals tried for the longest that reaches the share, in milliseconds: the spec's
  /// shortest (20 ms), round steps, and the intervals Apple's accessory guidelines list.
  public static let candidateIntervals: [Double] = [
    20, 50, 100, 152.5, 211.25, 318.75, 417.5, 546.25, 760, 852.5, 1022.5, 1285, 2000, 3000, 5000, 10240,
  ]

  public init(
    frame: BeaconFrame, schedule: PhoneScanSchedule, dwellSeconds: Double, trials: Int, seed: UInt64,
    policy: StationPresencePolicy = StationPresencePolicy(),
    ranging: BeaconRanging.Configuration = BeaconRanging.Configuration(), rssi: Int8 = -65
  ) {
    self.frame = frame
    self.schedule = schedule
    self.dwellSeconds = dwellSeconds
    self.trials = trials
    self.seed = seed
    self.policy = policy
    self.ranging = ranging
    self.rssi = rssi
  }

  /// How often, and how soon, the phone notices the beacon advertising every `interval` ms.
  public func notice(intervalMilliseconds interval: Double) throws(PhoneCheckError) -> PhoneNotice {
    // The beacon, a station alone in its catalog, for the rider's detection to find.
    let station = Station(name: "beacon", displayName: "the beacon", lineOrder: 0, beacon: frame.identity)
    let catalog: StationCatalog
    do {
      catalog = try StationCatalog(stations: [station])
    } catch {
      throw .beaconNotUsable(error)
    }
    let scoring = PhoneTrials(catalog: catalog, policy: policy, ranging: ranging)
    let visit = AdvertisingVisit(
      frame: frame, address: BluetoothAddress(rawValue: 0xC0_FF_EE_00_00_01), intervalMilliseconds: interval,
      dwellSeconds: dwellSeconds, rssi: rssi)
    let start = Timestamp(microsecondsSinceUnixEpoch: 1_700_000_000_000_000)
    var latencies: [Double] = []
    for trial in 0..<trials {
      var random = SeededRandom(seed: seed, trial: trial)
      let sightings = visit.sightings(from: start, random: &random)
      guard let first = sightings.first, let last = sightings.last else { continue }
      let passage = StationPassage(station: station, firstReport: first.time, lastReport: last.time)
      let events = scoring.events(of: sightings, phone: schedule, random: &random)
      for case .found(_, _, let time) in events
      where passage.covers(time, lateMilliseconds: schedule.longestDeliveryDelayMilliseconds) {
        latencies.append(time.milliseconds(since: first.time) / 1000)
        break
      }
    }
    return PhoneNotice(trials: trials, latencies: latencies)
  }

  /// Where a share is reached: the longest of ``candidateIntervals`` at which it and every
  /// shorter one reach it (`nil` when even the shortest does not), and the first that does not
  /// (`nil` when every one does).
  public struct IntervalSearch: Sendable {
    public var longest: (milliseconds: Double, notice: PhoneNotice)?
    public var firstShort: (milliseconds: Double, notice: PhoneNotice)?
  }

  /// The intervals tried from the shortest up, until one falls short of `share`. Every interval
  /// below the answer is checked: the share does not always fall as the interval grows (an
  /// interval close to a divisor of the scan interval keeps meeting, or missing, the windows), so
  /// a search by halves could skip an interval that falls short.
  public func intervals(reaching share: Double) throws(PhoneCheckError) -> IntervalSearch {
    var search = IntervalSearch()
    for interval in Self.candidateIntervals {
      let notice = try notice(intervalMilliseconds: interval)
      guard notice.noticedShare >= share else {
        search.firstShort = (interval, notice)
        break
      }
      search.longest = (interval, notice)
    }
    return search
  }
}

/// Why a beacon cannot be checked against a phone.
public enum PhoneCheckError: Error, Sendable, CustomStringConvertible {
  /// A catalog of the beacon alone is refused.
  case beaconNotUsable(StationCatalog.Problem)

  public var description: String {
    switch self {
    case .beaconNotUsable(let problem): return "the beacon cannot be checked: \(problem)"
    }
  }
}
