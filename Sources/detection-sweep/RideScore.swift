import Beacons
import BluetoothTypes
import MRTNavigation

/// How one policy did on a set of rides.
///
/// Each stop's *approach* runs from the previous stop's departure (or the capture's start) to
/// its own departure. A FOUND of the stop's station inside the approach is a hit: *on time* when
/// inside [alongside, depart], from the moment the rider's car reaches the platform while braking
/// in until the train leaves; *early* when it came before, still between stations. A stop without
/// a hit is *missed*; a second FOUND of it, or a FOUND of any station outside its stops, is
/// *false*. Latency is from the first report of the station's beacon in the approach to the FOUND.
struct RideScore {
  var stops = 0
  var onTime = 0
  var early = 0
  var missed = 0
  var falseFound = 0
  var suspects = 0
  var latencies: [Double] = []
  /// Per ride and stop: the latency in seconds (nil when missed), and the FOUND's time relative to
  /// the train standing still (negative: while braking in or before; nil when missed).
  var perStop: [(ride: String, station: String, latency: Double?, sinceStandstill: Double?)] = []

  mutating func add(_ ride: DecodedRideFixture, events: [StationEvent]) {
    let founds = events.compactMap { event -> (String, Timestamp)? in
      guard case .found(let station, _, let time) = event else { return nil }
      return (station.name, time)
    }
    suspects += events.filter { if case .suspect = $0 { return true } else { return false } }.count
    var used = Array(repeating: false, count: founds.count)
    var windowStart = ride.sightings.first?.time ?? Timestamp(microsecondsSinceUnixEpoch: 0)
    for stop in ride.truth.stops {
      stops += 1
      let hit = founds.indices.first { index in
        !used[index] && founds[index].0 == stop.station && windowStart <= founds[index].1
          && founds[index].1 <= stop.depart
      }
      if let hit {
        used[hit] = true
        let time = founds[hit].1
        if time < stop.alongside { early += 1 } else { onTime += 1 }
        let first = ride.sightings.first {
          ride.catalog.station(for: $0.frame.identity)?.name == stop.station && $0.time >= windowStart
        }?.time
        let latency = first.map { Double(time.microsecondsSinceUnixEpoch - $0.microsecondsSinceUnixEpoch) / 1_000_000 }
        if let latency { latencies.append(latency) }
        let sinceStandstill =
          Double(time.microsecondsSinceUnixEpoch - stop.arrive.microsecondsSinceUnixEpoch) / 1_000_000
        perStop.append((ride.name, stop.station, latency, sinceStandstill))
      } else {
        missed += 1
        perStop.append((ride.name, stop.station, nil, nil))
      }
      windowStart = stop.depart
    }
    falseFound += used.filter { !$0 }.count
  }

  /// Whether this score is worse than `other`: more stops missed or found falsely, then fewer on
  /// time, then a longer worst latency, then a longer total latency.
  func isWorse(than other: RideScore) -> Bool {
    let errors = missed + falseFound
    let otherErrors = other.missed + other.falseFound
    if errors != otherErrors { return errors > otherErrors }
    if onTime != other.onTime { return onTime < other.onTime }
    let worst = latencies.max() ?? 0
    let otherWorst = other.latencies.max() ?? 0
    if worst != otherWorst { return worst > otherWorst }
    return latencies.reduce(0, +) > other.latencies.reduce(0, +)
  }

  /// The median latency in seconds, or nil without hits.
  var medianLatency: Double? {
    let sorted = latencies.sorted()
    guard !sorted.isEmpty else { return nil }
    return sorted[sorted.count / 2]
  }
}
