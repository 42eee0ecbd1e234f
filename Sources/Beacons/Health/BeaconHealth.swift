import BluetoothTypes

/// How an expected beacon is doing, as ``BeaconHealthMonitor`` judges it.
public enum BeaconHealth: Hashable, Sendable {
  /// Heard, at its usual strength, from one address, at its usual TX power.
  case ok
  /// Not heard for ``BeaconHealthMonitor/Configuration/silentAfter`` or longer; `lastHeard` is
  /// `nil` when it was never heard since the watch began.
  case silent(lastHeard: Timestamp?)
  /// Heard, but its smoothed RSSI has fallen at least
  /// ``BeaconHealthMonitor/Configuration/weakDrop`` below its own baseline.
  case weak(baseline: Double, smoothed: Double)
  /// Heard, but not as itself: a clone or a reconfiguration.
  case suspicious(BeaconSuspicion)

  /// `ok`, `silent`, `weak` or `suspicious`: what changes of health are told by.
  public var name: String {
    switch self {
    case .ok: return "ok"
    case .silent: return "silent"
    case .weak: return "weak"
    case .suspicious: return "suspicious"
    }
  }
}

/// Why a beacon is suspicious.
public enum BeaconSuspicion: Hashable, Sendable {
  /// The identity comes from two addresses in turn (not one address replacing another, as a
  /// beacon that rotates its address does): a second device advertises it.
  case secondAddress(BluetoothAddress, BluetoothAddress)
  /// Its frames carry another TX power (measured power at 1 m) than when first heard.
  case txPowerChanged(from: Int, to: Int)
}

/// A change of an expected beacon's health.
public struct BeaconHealthChange: Hashable, Sendable {
  public var identity: BeaconIdentity
  public var health: BeaconHealth
  /// The health before; `nil` for the first judgement.
  public var previous: BeaconHealth?
  /// The time (the sightings') at which it changed.
  public var time: Timestamp

  public init(identity: BeaconIdentity, health: BeaconHealth, previous: BeaconHealth?, time: Timestamp) {
    self.identity = identity
    self.health = health
    self.previous = previous
    self.time = time
  }
}
