import Beacons
import BluetoothTypes
import Positioning

/// What advances a ride (``RideState/step(_:)``): what the finders deliver, and the clock.
public enum RideInput: Hashable, Sendable {
  /// A beacon was heard: a station's, a train's, or another.
  case sighting(BeaconSighting)
  /// Time passed, up to this time, without a sighting: stations and trains that fell silent are
  /// left. Time is the source's (a capture's own, or the time of day).
  case tick(Timestamp)
  /// A GPS fix arrived (with a position, or without one: too few satellites).
  case fix(LocationFix)
  /// The GPS source changed: gone, back, no receiver, stale.
  case locationSourceChanged(LocationSourceCondition)
  /// A station event from a detector outside the step: what the stories make of a station found
  /// or left, for a source of another kind and for tables of the stories alone.
  case station(StationSourceEvent)
}
