import BluetoothTypes

/// Ranges beacons from the scanner's sightings: per beacon identity, a smoothed RSSI, an estimated
/// distance, a proximity class, when it was first and last heard and how often.
///
/// Time comes only from the sightings' ``BeaconSighting/time`` and from ``advance(to:)``, so a
/// capture replays exactly as it was recorded and tests drive the clock.
///
/// **Smoothing: a trimmed mean over a time window** (default 10 s, 20 % trimmed at each end).
/// Inside a train only 30–60 % of adverts arrive and fades last seconds. A window measured in
/// time, not in reports, keeps its lag the same whatever the loss rate; during a fade it simply
/// holds the values heard before it instead of decaying towards nothing, as an exponential filter
/// fed by a timer would. Trimming discards the isolated deep-fade and reflection values that drag
/// a plain mean. A Kalman filter would need a noise model this data does not support, and ARMA
/// with c = 0.1 takes tens of reports to settle, which at 50 % loss is longer than a stop.
///
/// **Distance: the log-distance path-loss model** from the frame's measured power (see
/// ``Configuration/pathLossExponent``), with an interval from ``Configuration/rssiSpread``;
/// proximity classes follow from the distance.
///
/// **The receiver's RSSI**: ``Configuration/rssiOffset`` is added to every RSSI before use. An
/// impossible RSSI (``isPossible(rssi:)``) is counted (``impossibleRSSICount``) and dropped: the
/// report still counts as the beacon heard, but never moves its estimate.
///
/// **Lost**: a beacon not heard for ``Configuration/exitPeriod`` is reported ``Event/lost(_:)``
/// and forgotten, on the first sighting or ``advance(to:)`` at or after that moment.
///
/// **Memory** is bounded: at most ``Configuration/maximumTrackedBeacons`` identities, each with
/// at most ``Configuration/maximumSamplesPerBeacon`` RSSI values; a new identity beyond the cap
/// evicts the least recently heard one, which is reported lost.
///
/// A value type: its whole state is the tracked beacons, it is `Sendable` for free, and a caller
/// can copy it to ask "what if" without affecting the original. Whoever owns it decides on
/// isolation.
public struct BeaconRanging: Sendable {
  /// What a sighting or the passing of time changed.
  public enum Event: Hashable, Sendable {
    /// A beacon was heard; its state after the report.
    case ranged(BeaconState)
    /// A beacon was not heard for the exit period (or was evicted); its last state.
    case lost(BeaconState)

    /// The beacon's state, heard or lost.
    public var state: BeaconState {
      switch self {
      case .ranged(let state), .lost(let state): return state
      }
    }
  }

  /// Regions to range; empty ranges every beacon.
  public let regions: [BeaconRegion]
  /// The smoothing, distance, exit and memory constants; only the receiver's offset changes
  /// (``setRSSIOffset(_:)``).
  public private(set) var configuration: Configuration
  private var tracked: [BeaconIdentity: Tracked] = [:]
  /// Reports of a ranged beacon whose RSSI was impossible (``isPossible(rssi:)``), dropped.
  public private(set) var impossibleRSSICount = 0
  /// The latest time seen; sightings older than this still count but never move time back.
  public private(set) var now: Timestamp?
  /// No tracked beacon can be lost before this time: the earliest last-heard time plus the exit
  /// period, or earlier. Time before it needs no look at the tracked beacons.
  private var earliestPossibleLoss: Timestamp?

  private struct Tracked: Hashable, Sendable {
    var state: BeaconState
    var window: RSSIWindow
  }

  public init(regions: [BeaconRegion] = [], configuration: Configuration = Configuration()) {
    self.regions = regions
    self.configuration = configuration
    exactRegions = Set(
      regions.compactMap { region in
        region.minor.flatMap { minor in region.major.map { ExactRegion(uuid: region.uuid, major: $0, minor: minor) } }
      })
    wideRegions = regions.filter { $0.minor == nil }
  }

  /// One beacon's region (UUID, major and minor), for a hashed lookup: a network's catalog
  /// ranges dozens of stations, each sighting is checked against all of them.
  private struct ExactRegion: Hashable, Sendable {
    var uuid: UUID128
    var major: UInt16
    var minor: UInt16
  }

  private let exactRegions: Set<ExactRegion>
  /// The regions of a UUID, or a UUID and major: few, checked in turn.
  private let wideRegions: [BeaconRegion]

  /// The beacons currently tracked, most recently heard first.
  public var states: [BeaconState] {
    tracked.values.map(\.state).sorted { $0.lastSeen > $1.lastSeen }
  }

  /// The state of the beacon with `identity`, if it is tracked.
  public func state(of identity: BeaconIdentity) -> BeaconState? { tracked[identity]?.state }

  /// How many identities are tracked.
  public var trackedCount: Int { tracked.count }

  /// Ranges with `offset` (dB, ``Configuration/rssiOffset``) from now on, as a calibrated
  /// receiver (``Configuration/calibrated(rssiOffset:)``). The tracked beacons keep their
  /// windows, which hold the RSSIs as reported: each one's next estimate has the new offset.
  public mutating func setRSSIOffset(_ offset: Double) {
    configuration = configuration.calibrated(rssiOffset: offset)
  }

  /// Whether a sighting of `identity` is ranged at all.
  public func isRanged(_ identity: BeaconIdentity) -> Bool {
    if regions.isEmpty { return true }
    guard let uuid = identity.uuid else { return false }
    if let major = identity.major, let minor = identity.minor,
      exactRegions.contains(ExactRegion(uuid: uuid, major: major, minor: minor))
    {
      return true
    }
    return wideRegions.contains { $0.contains(identity) }
  }

  /// The RSSIs a receiver can report, in dBm as reported (before any offset): −127 to 0. Above
  /// 0 dBm the transmitter would have to sit on the antenna at more than a beacon's power; HCI's
  /// 127 ("not available") already arrives as no RSSI at all.
  public static let possibleRSSIs: ClosedRange<Int> = -127...0

  /// Whether a reported RSSI is one a receiver can report (``possibleRSSIs``).
  public static func isPossible(rssi: Int) -> Bool { possibleRSSIs.contains(rssi) }

  /// Takes one sighting: first reports beacons lost by its time, then (if it is in a region)
  /// the beacon's new state.
  public mutating func ingest(_ sighting: BeaconSighting) -> [Event] {
    var events = advance(to: sighting.time)
    let identity = sighting.frame.identity
    guard isRanged(identity) else { return events }
    if let rssi = sighting.rssi, !Self.isPossible(rssi: Int(rssi)) { impossibleRSSICount += 1 }
    if let index = tracked.index(forKey: identity) {
      // Updated in place: one lookup, and the RSSI window is not copied.
      tracked.values[index].state.reportCount += 1
      tracked.values[index].state.lastSeen = max(tracked.values[index].state.lastSeen, sighting.time)
      update(&tracked.values[index], with: sighting)
      events.append(.ranged(tracked.values[index].state))
    } else {
      if tracked.count >= max(configuration.maximumTrackedBeacons, 1), let evicted = leastRecentlyHeard() {
        tracked[evicted.state.identity] = nil
        events.append(.lost(evicted.state))
      }
      var entry = Tracked(
        state: BeaconState(
          identity: identity, address: sighting.address, txPowerAt1m: sighting.frame.txPowerAt1m, lastRSSI: nil,
          smoothedRSSI: nil, estimatedDistance: nil, proximity: .unknown, firstSeen: sighting.time,
          lastSeen: sighting.time, reportCount: 1),
        window: RSSIWindow())
      update(&entry, with: sighting)
      tracked[identity] = entry
      let loss = sighting.time.adding(configuration.exitPeriod)
      earliestPossibleLoss = min(earliestPossibleLoss ?? loss, loss)
      events.append(.ranged(entry.state))
    }
    return events
  }

  private func update(_ entry: inout Tracked, with sighting: BeaconSighting) {
    entry.state.address = sighting.address
    entry.state.controller = sighting.controller
    entry.state.txPowerAt1m = sighting.frame.txPowerAt1m
    let reported = sighting.rssi.map(Int.init)
    entry.state.lastRSSI = reported.flatMap { Self.isPossible(rssi: $0) ? $0 : nil }
    if let rssi = entry.state.lastRSSI {
      entry.window.add(
        rssi, at: sighting.time, window: configuration.smoothingWindow,
        capacity: configuration.maximumSamplesPerBeacon)
    }
    // The window keeps the reported values; the offset moves each one, hence their trimmed mean,
    // by the same dB (and not their spread).
    entry.state.smoothedRSSI = entry.window.trimmedMean(trimmedFraction: configuration.trimmedFraction).map {
      $0 + configuration.rssiOffset
    }
    entry.state.smoothedRSSIStandardError = entry.window.trimmedMeanStandardError(
      trimmedFraction: configuration.trimmedFraction)
    let distances = entry.state.smoothedRSSI.flatMap {
      DistanceEstimate.interval(
        rssi: $0, spread: configuration.rssiSpread, txPowerAt1m: entry.state.txPowerAt1m,
        pathLossExponent: configuration.pathLossExponent)
    }
    entry.state.estimatedDistance = distances?.distance
    entry.state.distanceLow = distances?.low
    entry.state.distanceHigh = distances?.high
    entry.state.proximity = proximity(at: entry.state.estimatedDistance)
  }

  /// Moves time on to `time` (never back), reporting each beacon not heard for the exit period
  /// as lost, oldest first.
  public mutating func advance(to time: Timestamp) -> [Event] {
    let current = max(now ?? time, time)
    now = current
    guard let earliestPossibleLoss, current >= earliestPossibleLoss else { return [] }
    let exitMicroseconds = configuration.exitPeriod.wholeMicroseconds
    let lost = tracked.values.filter { current.microseconds(since: $0.state.lastSeen) >= exitMicroseconds }
      .map(\.state)
      .sorted { ($0.lastSeen, $0.identity.description) < ($1.lastSeen, $1.identity.description) }
    for state in lost { tracked[state.identity] = nil }
    self.earliestPossibleLoss = tracked.values.lazy.map(\.state.lastSeen).min()?.adding(configuration.exitPeriod)
    return lost.map { .lost($0) }
  }

  private func leastRecentlyHeard() -> Tracked? {
    tracked.values.min { $0.state.lastSeen < $1.state.lastSeen }
  }

  private func proximity(at distance: Double?) -> BeaconProximity {
    guard let distance, distance.isFinite else { return .unknown }
    if distance < configuration.immediateDistance { return .immediate }
    if distance < configuration.nearDistance { return .near }
    return .far
  }
}
