import BeaconTestSupport
import BluetoothTypes
import Foundation
import MRTNavigation
import Positioning

/// A train ride as a GPS receiver on board reports it, at 1 Hz: the train stands at each
/// platform, accelerates at 1 m/s² to 22 m/s, and brakes at 1 m/s² to stop at the next
/// platform's centre, along the straight line between platform centres. Options: a hold at a
/// signal between two stations, Gaussian position noise, multipath jumps (the position off by
/// hundreds of metres while the speed stays true), and no fix while underground.
struct SyntheticGPSRide {
  var route: [Station]
  var dwellSeconds = 30.0
  /// A hold at a signal: after leaving `route[afterStation]`, stopped for `seconds` at
  /// `fraction` of the way to the next station.
  var signalStop: (afterStation: Int, fraction: Double, seconds: Double)?
  /// Standard deviation of each fix's position error, in metres, and the speed's (m/s).
  var noiseMetres = 0.0
  var speedNoise = 0.0
  /// Seconds after the start at which a fix is off by `offset` metres (east, north).
  var multipath: [Double: (east: Double, north: Double)] = [:]
  /// Whether fixes are lost at and between underground stations.
  var tunnelHasNoFix = true
  var seed: UInt64 = 1
  var start = Timestamp(microsecondsSinceUnixEpoch: 1_764_000_000_000_000)

  static let cruiseSpeed = 22.0
  static let acceleration = 1.0

  struct Output {
    var fixes: [LocationFix]
    /// Per station of the route with fixes, when the train came to rest at its platform.
    var stoppedAt: [String: Timestamp]
  }

  func ride() -> Output {
    var random = SplitMix64(seed: seed)
    var fixes: [LocationFix] = []
    var stoppedAt: [String: Timestamp] = [:]
    var time = 0.0
    func emit(at position: GeoCoordinate, speed: Double, underground: Bool, random: inout SplitMix64) {
      defer { time += 1 }
      let fixTime = start.adding(.microseconds(Int64(time * 1_000_000)))
      guard !(underground && tunnelHasNoFix) else {
        fixes.append(LocationFix(time: fixTime, mode: .noFix))
        return
      }
      var east = Self.gaussian(&random) * noiseMetres
      var north = Self.gaussian(&random) * noiseMetres
      if let jump = multipath[time] {
        east += jump.east
        north += jump.north
      }
      fixes.append(
        LocationFix(
          time: fixTime, mode: .threeDimensional, coordinate: Self.offset(position, east: east, north: north),
          speed: max(0, speed + Self.gaussian(&random) * speedNoise), track: nil, horizontalError: 8))
    }
    for (index, station) in route.enumerated() {
      guard let here = station.coordinate else { continue }
      let underground = station.level == .underground
      if !underground { stoppedAt[station.name] = start.adding(.microseconds(Int64(time * 1_000_000))) }
      for _ in 0..<Int(dwellSeconds) { emit(at: here, speed: 0, underground: underground, random: &random) }
      guard index + 1 < route.count, let there = route[index + 1].coordinate else { break }
      let length = here.distance(to: there)
      var stops = [length]
      var hold = 0.0
      if let signal = signalStop, signal.afterStation == index {
        stops.insert(length * signal.fraction, at: 0)
        hold = signal.seconds
      }
      // Between two stations underground counts from the first underground one on.
      let segmentUnderground = underground || route[index + 1].level == .underground
      var travelled = 0.0
      var speed = 0.0
      for (stopIndex, stop) in stops.enumerated() {
        while stop - travelled > 0.5 {
          // 10 steps a second; a fix each second.
          for _ in 0..<10 {
            let brakingDistance = speed * speed / (2 * Self.acceleration)
            if stop - travelled <= brakingDistance + speed * 0.1 {
              speed = max(0.3, speed - Self.acceleration * 0.1)
            } else {
              speed = min(Self.cruiseSpeed, speed + Self.acceleration * 0.1)
            }
            travelled = min(stop, travelled + speed * 0.1)
          }
          let position = Self.along(here, there, fraction: travelled / length)
          let atRest = stop - travelled <= 0.5
          emit(at: position, speed: atRest ? 0 : speed, underground: segmentUnderground, random: &random)
        }
        speed = 0
        if stopIndex + 1 < stops.count {
          let position = Self.along(here, there, fraction: travelled / length)
          for _ in 0..<Int(hold) { emit(at: position, speed: 0, underground: segmentUnderground, random: &random) }
        }
      }
    }
    return Output(fixes: fixes, stoppedAt: stoppedAt)
  }

  static func along(_ from: GeoCoordinate, _ to: GeoCoordinate, fraction: Double) -> GeoCoordinate {
    GeoCoordinate(
      latitude: from.latitude + (to.latitude - from.latitude) * fraction,
      longitude: from.longitude + (to.longitude - from.longitude) * fraction)
  }

  /// `position` moved by metres east and north (flat Earth: exact enough over a kilometre).
  static func offset(_ position: GeoCoordinate, east: Double, north: Double) -> GeoCoordinate {
    let metresPerDegree = GeoCoordinate.earthRadius * .pi / 180
    return GeoCoordinate(
      latitude: position.latitude + north / metresPerDegree,
      longitude: position.longitude + east / (metresPerDegree * cos(position.latitude * .pi / 180)))
  }

  /// A standard normal deviate: the sum of twelve uniforms, less six (Irwin–Hall; close enough
  /// for noise).
  static func gaussian(_ random: inout SplitMix64) -> Double {
    (0..<12).reduce(0.0) { sum, _ in sum + Double.random(in: 0..<1, using: &random) } - 6
  }
}
