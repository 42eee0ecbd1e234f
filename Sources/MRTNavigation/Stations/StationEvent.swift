import BluetoothTypes

/// A change in which station the rider is at.
public enum StationEvent: Hashable, Sendable {
  /// The rider arrived at `station`; `rssi` is the smoothed RSSI (dBm) that confirmed it.
  case found(Station, rssi: Double, at: Timestamp)
  /// The rider left `station`; the time is when its beacon was last heard strongly enough.
  case left(Station, at: Timestamp)
  /// `station`'s beacon was strong, but the rider cannot plausibly be there.
  case suspect(Station, reason: StationSuspicion, at: Timestamp)

  /// The station the event is about.
  public var station: Station {
    switch self {
    case .found(let station, _, _), .left(let station, _), .suspect(let station, _, _): return station
    }
  }
}

/// Why a strongly heard station was not believed.
public enum StationSuspicion: Hashable, Sendable {
  /// It is `stops` stops from `previous`, which was last seen only `elapsed` ago: less than the
  /// `minimum` a train needs to get there.
  case tooFarTooSoon(previous: Station, stops: Int, elapsed: Duration, minimum: Duration)
}
