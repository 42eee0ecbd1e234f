import BeaconTestSupport

@testable import Beacons
@testable import MRTNavigation

/// A train ride as a phone inside would hear it: each platform beacon rises from −100 dBm as the
/// train pulls in, holds around −80 dBm while it stands, and falls away as it leaves; the next
/// platform's beacon is heard weakly (around −97 dBm) meanwhile. Adverts every 300 ms, a share of
/// them lost at random, and fades of 2–5 s in which nothing arrives.
struct SyntheticRide {
  var route: [Station]
  var seed: UInt64
  var lossRate = 0.5
  /// Seconds from one station's approach to the next's.
  var secondsPerStop = 150.0

  /// Seconds after the fixtures' start when the ride is over and every beacon has fallen silent.
  var end: Double { Double(route.count) * secondsPerStop + 30 }

  /// The sightings in time order.
  func sightings() -> [BeaconSighting] {
    var random = SplitMix64(seed: seed)
    var result: [BeaconSighting] = []
    var fadeUntil = -1.0
    for (index, station) in route.enumerated() {
      let approach = Double(index) * secondsPerStop
      var time = approach
      while time < approach + 70 {
        defer { time += 0.3 }
        if time >= fadeUntil, Double.random(in: 0..<1, using: &random) < 0.01 {
          fadeUntil = time + Double.random(in: 2...5, using: &random)
        }
        guard time >= fadeUntil else { continue }
        let offset = time - approach
        let mean: Double
        switch offset {
        case ..<20: mean = -100 + offset  // pulling in: −100 → −80
        case ..<50: mean = -80  // standing at the platform
        default: mean = -80 - (offset - 50) * 1.2  // leaving: −80 → −104
        }
        if Double.random(in: 0..<1, using: &random) >= lossRate {
          let rssi = mean + Double.random(in: -5...5, using: &random)
          result.append(Self.sighting(of: station, rssi: rssi, at: time))
        }
        if index + 1 < route.count, Double.random(in: 0..<1, using: &random) >= lossRate {
          let rssi = -97 + Double.random(in: -4...4, using: &random)
          result.append(Self.sighting(of: route[index + 1], rssi: rssi, at: time))
        }
      }
    }
    return result
  }

  static func sighting(of station: Station, rssi: Double, at seconds: Double) -> BeaconSighting {
    let clamped = Int8(max(-127, min(20, rssi.rounded())))
    return FindingFixtures.sighting(minor: station.beacon.minor ?? 0, rssi: clamped, at: seconds)
  }
}
