/// What a ride tells the rider: one of the product design's stories, or every station event.
public enum RideStory: Hashable, Sendable {
  /// Every station found, left or suspect, each found one with a notification: a source on its
  /// own (`beacon-scan --notify`).
  case stationEvents
  /// Near any station, with nothing else running: each station once a visit, again once another
  /// was found since or `repeatAfter` after it was last told; with the alarm. Never ends by itself.
  case background(repeatAfter: Duration)
  /// To `destination`: each station once, and along `journey` (given, or planned from the first
  /// station found) the transfers, the stop ahead and a train the wrong way; ends on arrival.
  case destination(Station, journey: Journey?)
  /// At `journey`'s departure station, its first train coming in; ends when it is told.
  case trainAtDeparture(Journey)

  /// How long after a station was told in the background it is told again without another in
  /// between: 30 min.
  public static let defaultRepeatAfter = Duration.seconds(30 * 60)
}
