import Beacons
import BluetoothTypes

/// Which station the rider is at, from the finder's events and a ``StationPresencePolicy``.
///
/// Each station beacon is in one of three conditions: approaching (counting consecutive strong
/// reports), present (found, until left) or suspected (strong but implausible; it produces no
/// `left`, since it was never found, and is not reported again until its beacon is lost or weak).
/// The last station found is the anchor for route plausibility; it moves on every `found` and
/// its time on every `left`.
public struct StationPresence: Sendable {
  /// The stations, looked up by the beacon identity of each finder event.
  public let catalog: StationCatalog
  /// The thresholds and plausibility rules.
  public let policy: StationPresencePolicy
  private var conditions: [BeaconIdentity: Condition] = [:]
  private var anchor: (station: Station, time: Timestamp)?

  private enum Condition: Hashable, Sendable {
    case approaching(strongReports: Int)
    case present
    case suspected
  }

  public init(catalog: StationCatalog, policy: StationPresencePolicy = StationPresencePolicy()) {
    self.catalog = catalog
    self.policy = policy
  }

  /// The stations the rider is at now (usually one), in catalog order.
  public var presentStations: [Station] {
    conditions.compactMap { identity, condition in condition == .present ? catalog.station(for: identity) : nil }
      .sorted { (catalog.position(of: $0) ?? .max) < (catalog.position(of: $1) ?? .max) }
  }

  /// Takes one finder event; beacons that are not the catalog's stations are ignored.
  public mutating func handle(_ event: BeaconRanging.Event) -> [StationEvent] {
    switch event {
    case .ranged(let state): return ranged(state)
    case .lost(let state): return lost(state)
    }
  }

  private mutating func ranged(_ state: BeaconState) -> [StationEvent] {
    guard let station = catalog.station(for: state.identity), let rssi = state.smoothedRSSI else { return [] }
    switch conditions[state.identity] ?? .approaching(strongReports: 0) {
    case .present:
      guard rssi < policy.exitThreshold else { return [] }
      conditions[state.identity] = nil
      moveAnchorTime(leaving: station, at: state.lastSeen)
      return [.left(station, at: state.lastSeen)]
    case .suspected:
      if rssi < policy.exitThreshold { conditions[state.identity] = nil }
      return []
    case .approaching(let strongReports):
      let count = rssi >= policy.enterThreshold ? strongReports + 1 : 0
      guard count >= max(policy.enterReportCount, 1) else {
        conditions[state.identity] = .approaching(strongReports: count)
        return []
      }
      if let suspicion = suspicion(of: station, at: state.lastSeen) {
        conditions[state.identity] = .suspected
        return [.suspect(station, reason: suspicion, at: state.lastSeen)]
      }
      conditions[state.identity] = .present
      anchor = (station, state.lastSeen)
      return [.found(station, rssi: rssi, at: state.lastSeen)]
    }
  }

  private mutating func lost(_ state: BeaconState) -> [StationEvent] {
    guard let condition = conditions.removeValue(forKey: state.identity), condition == .present,
      let station = catalog.station(for: state.identity)
    else { return [] }
    moveAnchorTime(leaving: station, at: state.lastSeen)
    return [.left(station, at: state.lastSeen)]
  }

  /// Leaving the anchor station moves its time on; leaving another station (found before the
  /// anchor, its beacon lost only now) leaves the anchor where it is.
  private mutating func moveAnchorTime(leaving station: Station, at time: Timestamp) {
    guard let current = anchor, current.station == station else { return }
    anchor = (station, time)
  }

  private func suspicion(of station: Station, at time: Timestamp) -> StationSuspicion? {
    guard let anchor else { return nil }
    // A station the network does not link to the anchor is as far as it can be.
    let stops = catalog.stops(from: anchor.station, to: station) ?? catalog.stations.count
    guard stops > policy.maximumPlausibleSkip else { return nil }
    let minimum = policy.minimumTimePerStop * stops
    let elapsed = Duration.microseconds(time.microseconds(since: anchor.time))
    guard elapsed < minimum else { return nil }
    return .tooFarTooSoon(previous: anchor.station, stops: stops, elapsed: elapsed, minimum: minimum)
  }
}
