/// Why an alarm sounds, with what the rider is to be told.
public enum AlarmReason: Hashable, Sendable {
  /// The rider has arrived at their destination.
  case arrived(at: Station)
  /// The rider's train is coming in at their departure station.
  case trainArriving(Train, at: Station)
  /// The rider is where their journey changes to `next` (after the walk of `transfer`, if any).
  case transfer(Journey.Transfer, next: Journey.Leg?)
  /// The rider, with nothing else running, is near a station (the background rider).
  case near(Station)
}
