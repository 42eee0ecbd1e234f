import BluetoothTypes
import Positioning

/// What ``GPSStationDetector`` concluded from the fixes.
public enum GPSStationEvent: Hashable, Sendable {
  /// The train stands at `station`'s platform: `fix` is the one that made it certain (its time
  /// is the receiver's).
  case found(Station, fix: LocationFix)
  /// The rider went ``GPSStationPolicy/departureDistance`` away from `station`.
  case left(Station, at: Timestamp)

  public var station: Station {
    switch self {
    case .found(let station, _), .left(let station, _): return station
    }
  }
}
