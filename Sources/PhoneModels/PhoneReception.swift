import Beacons
import BluetoothTypes

/// What the app on a phone scanning by a ``PhoneScanSchedule`` gets of a capture's reports, in
/// the capture's time: the reports that fall inside the phone's scan windows (the capture's own
/// channel loss kept, since a capture at full duty holds every advert its scanner received),
/// handed over as the schedule's delivery says.
///
/// Reports go in in time order (``receive(_:)``); what the app gets comes out, each timed when the
/// app has it (a cycle's reports at the cycle's end, a ranging report at its tick). Where the
/// windows, cycles and ticks fall is drawn at random when the reception is made: the scan's phase.
public struct PhoneReception: Sendable {
  public let schedule: PhoneScanSchedule
  /// The radio's windows: where they fall, as a share of an interval.
  private let radioPhase: Double
  /// How the windows drift against the capture's adverts (``ScanWindowGrid/slide``): drawn within
  /// ±0.5 %, so that a capture whose adverts carry the spec's advDelay keeps its own drift on
  /// average, and one whose adverts lie on a fixed grid does not stay in step with the windows.
  private let slide: Double
  /// Where the library's cycles (or the ranging ticks) fall, in milliseconds into a period.
  private let periodOffsetMilliseconds: Double
  /// For the draws made as the reception runs (how long iOS ranges after an entry).
  private var random: SeededRandom
  /// The first report's time: where the windows, cycles and ticks are laid from.
  private var origin: Timestamp?
  /// What the app gets later, in no particular order.
  private var pending: [PendingReport] = []
  /// The earliest time in ``pending``.
  private var earliestPending: Timestamp?
  /// The regions the phone is inside (``PhoneDelivery/regionEntry(periodMilliseconds:rangingSeconds:exitSeconds:)``).
  private var regions: [BeaconIdentity: RegionVisit] = [:]

  /// A report, or the mean of a ranging period's reports of one beacon, for the app at `time`.
  private struct PendingReport: Sendable {
    var time: Timestamp
    var identity: BeaconIdentity?
    var sighting: BeaconSighting
    var rssiSum = 0
    var rssiCount = 0
  }

  /// iOS inside a beacon's region: it ranges from the entry until `rangingUntil`.
  private struct RegionVisit: Sendable {
    var lastHeard: Timestamp
    var entry: Timestamp
    var rangingUntil: Timestamp
  }

  /// A reception whose scan phase is drawn from `random`.
  public init(schedule: PhoneScanSchedule, random: inout SeededRandom) {
    self.schedule = schedule
    radioPhase = random.unit()
    let period: Double
    switch schedule.delivery {
    case .ranging(let rangingPeriod): period = rangingPeriod
    default: period = (schedule.cycleMilliseconds ?? 0) + schedule.pauseMilliseconds
    }
    periodOffsetMilliseconds = random.unit() * period
    slide = (random.unit() * 2 - 1) * ScanWindowGrid.advertisingSlide
    self.random = SeededRandom(seed: random.next())
  }

  /// Takes a report the capture holds; returns what the app gets up to its time, this report's
  /// own part included when the app has it at once.
  public mutating func receive(_ sighting: BeaconSighting) -> [BeaconSighting] {
    let time = sighting.time
    let origin = self.origin ?? time
    self.origin = origin
    var delivered = advance(to: time)
    if case .regionEntry(let period, let rangingSeconds, let exitSeconds) = schedule.delivery {
      regionEntry(
        sighting, origin: origin, periodMilliseconds: period, rangingSeconds: rangingSeconds,
        exitMilliseconds: exitSeconds * 1000)
      return delivered
    }
    // The library's cycle: outside its scan, nothing is heard; with a pause, each cycle starts a
    // scan whose first window opens at once.
    var windows = ScanWindowGrid(
      windowMilliseconds: schedule.windowMilliseconds, intervalMilliseconds: schedule.intervalMilliseconds,
      phase: radioPhase, slide: slide)
    if let downgrade = schedule.downgrade, time.milliseconds(since: origin) >= downgrade.afterMilliseconds {
      windows.windowMilliseconds = downgrade.windowMilliseconds
      windows.intervalMilliseconds = downgrade.intervalMilliseconds
    }
    var windowOrigin = origin
    var cycleEnd: Timestamp?
    if let cycle = schedule.cycleMilliseconds {
      let period = cycle + schedule.pauseMilliseconds
      let position = Self.position(of: time, origin: origin, offset: periodOffsetMilliseconds, period: period)
      guard position < cycle else { return delivered }
      if schedule.pauseMilliseconds > 0 {
        windows.phase = 0
        windowOrigin = time.adding(milliseconds: -position)
      }
      cycleEnd = time.adding(milliseconds: cycle - position)
    }
    guard windows.contains(time, origin: windowOrigin) else { return delivered }
    switch schedule.delivery {
    case .eachReport:
      delivered.append(sighting)
    case .cycleEnd:
      hold(sighting, until: cycleEnd ?? time, identity: nil)
    case .ranging(let period):
      let position = Self.position(of: time, origin: origin, offset: periodOffsetMilliseconds, period: period)
      hold(sighting, until: time.adding(milliseconds: period - position), identity: sighting.frame.identity)
    case .regionEntry:
      break
    }
    return delivered
  }

  /// What the app gets up to `time`, in time order.
  public mutating func advance(to time: Timestamp) -> [BeaconSighting] {
    guard let earliest = earliestPending, earliest <= time else { return [] }
    var due: [PendingReport] = []
    var kept: [PendingReport] = []
    for report in pending {
      if report.time <= time { due.append(report) } else { kept.append(report) }
    }
    pending = kept
    earliestPending = kept.map(\.time).min()
    return due.sorted { $0.time < $1.time }.map(Self.handedOver)
  }

  /// Everything still held: what the app gets after the capture's end (a cycle that was still
  /// running ends, a ranging tick comes).
  public mutating func finish() -> [BeaconSighting] {
    advance(to: Timestamp(microsecondsSinceUnixEpoch: .max))
  }

  /// iOS region monitoring: an entry at the end of the look that received a beacon whose region
  /// the phone is outside, then ranging (the radio listening all the time) for a drawn span.
  private mutating func regionEntry(
    _ sighting: BeaconSighting, origin: Timestamp, periodMilliseconds: Double, rangingSeconds: ClosedRange<Double>,
    exitMilliseconds: Double
  ) {
    let time = sighting.time
    let identity = sighting.frame.identity
    if var visit = regions[identity], time.milliseconds(since: visit.lastHeard) <= exitMilliseconds {
      visit.lastHeard = time
      regions[identity] = visit
      guard time > visit.entry, time <= visit.rangingUntil else { return }
      let sinceEntry = time.milliseconds(since: visit.entry)
      let ticks = (sinceEntry / periodMilliseconds).rounded(.up)
      hold(sighting, until: visit.entry.adding(milliseconds: ticks * periodMilliseconds), identity: identity)
      return
    }
    regions[identity] = nil
    let looks = ScanWindowGrid(
      windowMilliseconds: schedule.windowMilliseconds, intervalMilliseconds: schedule.intervalMilliseconds,
      phase: radioPhase, slide: slide)
    guard let entry = looks.windowEnd(containing: time, origin: origin) else { return }
    let span = rangingSeconds.lowerBound + random.unit() * (rangingSeconds.upperBound - rangingSeconds.lowerBound)
    regions[identity] = RegionVisit(
      lastHeard: time, entry: entry, rangingUntil: entry.adding(milliseconds: span * 1000))
  }

  /// Keeps `sighting` for the app at `time`; with an `identity`, as part of that beacon's mean
  /// for the time.
  private mutating func hold(_ sighting: BeaconSighting, until time: Timestamp, identity: BeaconIdentity?) {
    let rssi = sighting.rssi.map(Int.init)
    if let identity, let index = pending.lastIndex(where: { $0.time == time && $0.identity == identity }) {
      pending[index].sighting = sighting
      if let rssi {
        pending[index].rssiSum += rssi
        pending[index].rssiCount += 1
      }
    } else {
      pending.append(
        PendingReport(
          time: time, identity: identity, sighting: sighting, rssiSum: rssi ?? 0, rssiCount: rssi == nil ? 0 : 1))
    }
    earliestPending = min(earliestPending ?? time, time)
  }

  /// The report as the app has it: at its time, with the mean RSSI of what it stands for.
  private static func handedOver(_ report: PendingReport) -> BeaconSighting {
    var sighting = report.sighting
    sighting.time = report.time
    if report.identity != nil {
      sighting.rssi =
        report.rssiCount == 0
        ? nil : Int8(clamping: Int((Double(report.rssiSum) / Double(report.rssiCount)).rounded()))
    }
    return sighting
  }

  /// Where `time` falls in a period laid from `origin`, shifted by `offset`: 0 up to `period` ms.
  private static func position(of time: Timestamp, origin: Timestamp, offset: Double, period: Double) -> Double {
    guard period > 0 else { return 0 }
    let position = (time.milliseconds(since: origin) + offset).truncatingRemainder(dividingBy: period)
    return position < 0 ? position + period : position
  }
}
