import BluetoothTypes

/// "The first source to find a station wins": which of the two sources' events a composed use
/// case passes on, as ``StationAnnouncing`` says. A value, so a use case's whole state is what it
/// holds.
struct StationMerge {
  let announcing: StationAnnouncing
  /// The stations passed on this journey (``StationAnnouncing/oncePerJourney``).
  private var announced: Set<String> = []
  /// The station passed on last, and when (``StationAnnouncing/oncePerVisit(repeatAfter:)``).
  private var lastAnnounced: (name: String, time: Timestamp)?
  /// The station the rider is at, passed on and not left since (``StationAnnouncing/oncePerStay``).
  private var stayingAt: String?

  init(announcing: StationAnnouncing) {
    self.announcing = announcing
  }

  /// `event` if it is to be passed on, else `nil`: a station found again by either source,
  /// before ``announcing`` allows, is not. Leaving, suspicions and the GPS source's changes
  /// always pass.
  mutating func admit(_ event: StationSourceEvent) -> StationSourceEvent? {
    switch event {
    case .found(let station, _, let time):
      switch announcing {
      case .oncePerJourney:
        guard announced.insert(station.name).inserted else { return nil }
      case .oncePerVisit(let repeatAfter):
        if let lastAnnounced, lastAnnounced.name == station.name,
          time.microseconds(since: lastAnnounced.time) < repeatAfter.wholeMicroseconds
        {
          return nil
        }
        lastAnnounced = (station.name, time)
      case .oncePerStay:
        guard stayingAt != station.name else { return nil }
        stayingAt = station.name
      }
    case .left(let station, _):
      if stayingAt == station.name { stayingAt = nil }
    case .suspect, .locationSourceChanged:
      break
    }
    return event
  }
}

/// When a composed use case passes a station on.
enum StationAnnouncing: Hashable, Sendable {
  /// Each station once, from a start to the next: a ride.
  case oncePerJourney
  /// A station again once another was found since, or `repeatAfter` after it was last passed
  /// on: the rider in the background, going out and coming back.
  case oncePerVisit(repeatAfter: Duration)
  /// A station again once the rider has left it (either source says so) or another station
  /// was passed on since: each time the rider is (back) at it. The departure station, where
  /// the rider is waited for while there and only then.
  case oncePerStay
}
