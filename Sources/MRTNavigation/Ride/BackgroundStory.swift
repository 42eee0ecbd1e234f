/// The rider in the background (``RideStory/background(repeatAfter:)``): each station the merge
/// passes on (once a visit), with the alarm; never ends by itself.
struct BackgroundStory: Sendable {
  private var merge: StationMerge

  init(repeatAfter: Duration) {
    merge = StationMerge(announcing: .oncePerVisit(repeatAfter: repeatAfter))
  }

  mutating func tell(_ event: StationSourceEvent) -> [RideEffect] {
    guard let event = merge.admit(event) else { return [] }
    switch event {
    case .found(let station, let evidence, let time):
      return [.found(station, evidence: evidence, at: time, estimate: nil), .alarm(.near(station))]
    case .suspect(let station, let reason, let time):
      return [.suspect(station, reason: reason, at: time)]
    case .locationSourceChanged(let condition):
      return [.locationSourceChanged(condition)]
    case .left:
      return []
    }
  }
}
