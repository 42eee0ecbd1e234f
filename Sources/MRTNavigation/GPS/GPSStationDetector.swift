import BluetoothTypes
import Positioning

/// Tells from location fixes when the train stands at a station's platform.
///
/// An arrival is ``GPSStationPolicy/stoppedFixes`` consecutive believed fixes at rest (by the
/// receiver's speed, which is Doppler-derived and stays true when the position jumps) whose
/// mean lies within ``GPSStationPolicy/platformRadius`` of an elevated or at-grade platform's
/// centre. So:
/// - a train held at a signal between stations is stopped, but near no platform: nothing;
/// - multipath (a few fixes hundreds of metres off while the speed stays true) is not believed:
///   no fix may move further than the speed allows since the last believed one;
/// - in the tunnel there are no fixes, and the detector says nothing: it never guesses, and
///   never places a rider at an underground platform, which no fix reaches.
///
/// Time is the fixes' own, so a ride replayed faster than real time gives the same events at
/// the same times. A fix whose time is not after the last believed one's is ignored, unless
/// ``GPSStationPolicy/fixesToReanchor`` of them in a row run forward among themselves: then the
/// receiver's clock was stepped back (or gpsd restarted on another timeline), and the detector
/// starts again from them.
public struct GPSStationDetector: Sendable {
  public let catalog: StationCatalog
  public let policy: GPSStationPolicy
  /// Fixes not believed because they moved further than the speed allows.
  public private(set) var disbelievedFixes = 0
  /// Fixes ignored because their time was not after the last believed fix's.
  public private(set) var outOfOrderFixes = 0

  private let platforms: [(station: Station, centre: GeoCoordinate)]
  private var lastBelieved: LocationFix?
  /// Disbelieved fixes in a row that agree with one another, and the last of them.
  private var disbelieved: (count: Int, last: GeoCoordinate)?
  /// Fixes in a row older than the last believed one, each newer than the one before: how
  /// many, and the time of the last.
  private var earlierTimeline: (count: Int, last: Timestamp)?
  /// The believed fixes at rest, consecutive, most recent last (at most ``GPSStationPolicy/stoppedFixes``).
  private var stoppedRun: [LocationFix] = []
  /// The station the rider was last found at, until they go ``GPSStationPolicy/departureDistance`` away.
  private var currentStation: (station: Station, centre: GeoCoordinate)?

  public init(catalog: StationCatalog, policy: GPSStationPolicy = GPSStationPolicy()) {
    self.catalog = catalog
    self.policy = policy
    platforms = catalog.stations.compactMap { station in
      // An estimated position could put the train at a platform it is a few hundred metres from.
      guard let centre = station.coordinate, !station.coordinateIsApproximate, station.level != .underground else {
        return nil
      }
      return (station, centre)
    }
  }

  /// Takes the next fix; returns what it made certain.
  public mutating func ingest(_ fix: LocationFix) -> [GPSStationEvent] {
    guard let position = fix.position else {
      stoppedRun.removeAll()
      return []
    }
    if let last = lastBelieved {
      guard fix.time > last.time else {
        outOfOrderFixes += 1
        guard startsEarlierTimeline(fix) else { return [] }
        lastBelieved = nil
        stoppedRun.removeAll()
        return ingest(fix)
      }
      earlierTimeline = nil
      if !isBelievable(fix, at: position, after: last) { return [] }
    }
    lastBelieved = fix
    disbelieved = nil
    var events: [GPSStationEvent] = []
    if let current = currentStation, position.distance(to: current.centre) > policy.departureDistance {
      events.append(.left(current.station, at: fix.time))
      currentStation = nil
    }
    noteRest(fix)
    if stoppedRun.count >= policy.stoppedFixes, let platform = platform(near: Self.mean(of: stoppedRun)),
      platform.station != currentStation?.station
    {
      currentStation = platform
      events.append(.found(platform.station, fix: fix))
    }
    return events
  }

  /// Whether `fix` could follow `last`: within reach at the speeds they report, unless too long
  /// has passed to tell, or enough disbelieved fixes agree that the old position was wrong.
  private mutating func isBelievable(_ fix: LocationFix, at position: GeoCoordinate, after last: LocationFix)
    -> Bool
  {
    let elapsed = fix.time.microseconds(since: last.time)
    guard elapsed <= policy.reanchorGap.wholeMicroseconds, let lastPosition = last.position else { return true }
    let seconds = Double(elapsed) / 1_000_000
    let speed = max(last.speed ?? 0, fix.speed ?? 0)
    let reach = speed * seconds * 1.5 + policy.jumpAllowance + (fix.horizontalError ?? 0)
    if position.distance(to: lastPosition) <= reach { return true }
    disbelievedFixes += 1
    var agreeing = 1
    if let run = disbelieved, position.distance(to: run.last) <= policy.jumpAllowance { agreeing = run.count + 1 }
    disbelieved = (agreeing, position)
    guard agreeing >= policy.fixesToReanchor else { return false }
    stoppedRun.removeAll()
    return true
  }

  /// Whether `fix`, older than the last believed one, is the ``GPSStationPolicy/fixesToReanchor``th
  /// in a row to run forward from the others: a clock stepped back for good.
  private mutating func startsEarlierTimeline(_ fix: LocationFix) -> Bool {
    var running = 1
    if let run = earlierTimeline, fix.time > run.last { running = run.count + 1 }
    earlierTimeline = (running, fix.time)
    guard running >= policy.fixesToReanchor else { return false }
    earlierTimeline = nil
    return true
  }

  /// Extends or ends the run of consecutive fixes at rest.
  private mutating func noteRest(_ fix: LocationFix) {
    // No speed from the receiver: nothing says the train stands still.
    let isStopped = fix.speed.map { $0.isFinite && $0 <= policy.stoppedSpeed } ?? false
    guard isStopped else {
      stoppedRun.removeAll()
      return
    }
    if let previous = stoppedRun.last,
      fix.time.microseconds(since: previous.time) > policy.maximumFixGap.wholeMicroseconds
    {
      stoppedRun.removeAll()
    }
    stoppedRun.append(fix)
    if stoppedRun.count > policy.stoppedFixes { stoppedRun.removeFirst() }
  }

  /// The nearest platform within ``GPSStationPolicy/platformRadius`` of `position`.
  private func platform(near position: GeoCoordinate) -> (station: Station, centre: GeoCoordinate)? {
    platforms
      .map { (platform: $0, distance: position.distance(to: $0.centre)) }
      .filter { $0.distance <= policy.platformRadius }
      .min { $0.distance < $1.distance }?
      .platform
  }

  /// The mean position of fixes that all have one (a few hundred metres at most apart, so
  /// averaging degrees is exact enough).
  private static func mean(of fixes: [LocationFix]) -> GeoCoordinate {
    let positions = fixes.compactMap(\.position)
    let count = Double(max(positions.count, 1))
    return GeoCoordinate(
      latitude: positions.reduce(0) { $0 + $1.latitude } / count,
      longitude: positions.reduce(0) { $0 + $1.longitude } / count)
  }
}
