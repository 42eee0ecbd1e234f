import Beacons
import BluetoothTypes
import MRTNavigation

/// A capture replayed as a phone would have received it, many times over with the scan's phase
/// drawn anew each time: which station visits the phone noticed (the station detection's FOUND on
/// what the app got), and how soon.
///
/// The visits scored are those the capture itself notices: the same detection, on every report,
/// finds the station during the visit. A station heard only too faintly to be found even so is
/// not the phone's to miss (``Visits/heardOnly`` counts them).
///
/// A visit is noticed when the phone's FOUND of its station comes between the visit's first
/// report and its last, or up to the longest a phone holds a report after it (a library's cycle
/// that ends after the station fell silent still tells the app what it heard there). Its latency
/// is from the visit's first report.
public struct PhoneTrials: Sendable {
  public var catalog: StationCatalog
  public var policy: StationPresencePolicy
  public var ranging: BeaconRanging.Configuration

  public init(
    catalog: StationCatalog, policy: StationPresencePolicy = StationPresencePolicy(),
    ranging: BeaconRanging.Configuration = BeaconRanging.Configuration()
  ) {
    self.catalog = catalog
    self.policy = policy
    self.ranging = ranging
  }

  /// The visits of a capture's station reports (in time order), those the detection finds on
  /// every report and those it does not.
  public struct Visits: Hashable, Sendable {
    /// The visits the capture itself notices, by their first report.
    public var noticed: [StationPassage]
    /// How many visits the capture heard but never found (too faint, too short).
    public var heardOnly: Int
  }

  /// The visits in `sightings`, each station's reports split where the capture did not hear it
  /// for longer than the finder's exit period.
  public func visits(in sightings: [BeaconSighting]) -> Visits {
    var open: [String: StationPassage] = [:]
    var all: [StationPassage] = []
    let gapMilliseconds = Double(ranging.exitPeriod.wholeMicroseconds) / 1000
    for sighting in sightings {
      guard let station = catalog.station(for: sighting.frame.identity) else { continue }
      if var passage = open[station.name], sighting.time.milliseconds(since: passage.lastReport) <= gapMilliseconds {
        passage.lastReport = sighting.time
        open[station.name] = passage
      } else {
        if let passage = open[station.name] { all.append(passage) }
        open[station.name] = StationPassage(station: station, firstReport: sighting.time, lastReport: sighting.time)
      }
    }
    all += open.values
    all.sort { ($0.firstReport, $0.station.name) < ($1.firstReport, $1.station.name) }
    let found = foundTimes(events(of: sightings))
    let noticed = all.filter { passage in
      found[passage.station.name, default: []].contains { passage.covers($0, lateMilliseconds: 0) }
    }
    return Visits(noticed: noticed, heardOnly: all.count - noticed.count)
  }

  /// The station events of one phone, whose scan phase is drawn from `random`.
  public func events(
    of sightings: [BeaconSighting], phone schedule: PhoneScanSchedule, random: inout SeededRandom
  ) -> [StationEvent] {
    var reception = PhoneReception(schedule: schedule, random: &random)
    var detector = StationDetector(catalog: catalog, policy: policy, rangingConfiguration: ranging)
    var events: [StationEvent] = []
    var advanced: Timestamp?
    for sighting in sightings {
      for delivered in reception.receive(sighting) { events += detector.ingest(delivered) }
      // Time moves on for the detector too (stations left), once a second is enough.
      if advanced.map({ sighting.time.milliseconds(since: $0) >= 1000 }) ?? true {
        events += detector.advance(to: sighting.time)
        advanced = sighting.time
      }
    }
    for delivered in reception.finish() { events += detector.ingest(delivered) }
    return events + end(detector: &detector, after: sightings)
  }

  /// How often and how soon `phone` notices each of `visits` over `trials` trials seeded by
  /// `seed`; `progress` hears each trial's end.
  public func notice(
    _ visits: [StationPassage], in sightings: [BeaconSighting], phone schedule: PhoneScanSchedule, trials: Int,
    seed: UInt64, progress: (Int) -> Void = { _ in }
  ) -> [PhoneNotice] {
    var latencies = Array(repeating: [Double](), count: visits.count)
    for trial in 0..<trials {
      var random = SeededRandom(seed: seed, trial: trial)
      let found = foundTimes(events(of: sightings, phone: schedule, random: &random))
      for (index, visit) in visits.enumerated() {
        let noticed = found[visit.station.name, default: []].first {
          visit.covers($0, lateMilliseconds: schedule.longestDeliveryDelayMilliseconds)
        }
        if let noticed { latencies[index].append(noticed.milliseconds(since: visit.firstReport) / 1000) }
      }
      progress(trial + 1)
    }
    return latencies.map { PhoneNotice(trials: trials, latencies: $0) }
  }

  /// The events of every report, as the capture's own scanner had them.
  private func events(of sightings: [BeaconSighting]) -> [StationEvent] {
    var detector = StationDetector(catalog: catalog, policy: policy, rangingConfiguration: ranging)
    var events: [StationEvent] = []
    for sighting in sightings { events += detector.ingest(sighting) }
    return events + end(detector: &detector, after: sightings)
  }

  /// The detector run on to a minute after the last report, so the last station is left.
  private func end(detector: inout StationDetector, after sightings: [BeaconSighting]) -> [StationEvent] {
    guard let last = sightings.last else { return [] }
    return detector.advance(to: last.time.adding(milliseconds: 60_000))
  }

  /// Each station's FOUND times, in order.
  private func foundTimes(_ events: [StationEvent]) -> [String: [Timestamp]] {
    var found: [String: [Timestamp]] = [:]
    for case .found(let station, _, let time) in events { found[station.name, default: []].append(time) }
    return found
  }
}
