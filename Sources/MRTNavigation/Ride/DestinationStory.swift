import BluetoothTypes

/// The ride to a destination (``RideStory/destination(_:journey:)``): each station once a
/// journey, whichever source found it first; along the journey (given, or planned from the first
/// station found) what ``JourneyProgress`` says; the destination ends it.
struct DestinationStory: Sendable {
  let catalog: StationCatalog
  let arrival: Station
  private(set) var progress: JourneyProgress?
  private var merge = StationMerge(announcing: .oncePerJourney)
  private(set) var isFinished = false

  init(catalog: StationCatalog, arrival: Station, journey: Journey?) {
    self.catalog = catalog
    self.arrival = arrival
    progress = journey.map(JourneyProgress.init(journey:))
  }

  /// What the rider is told of `event`; `estimate` asks the timetable at a station found.
  mutating func tell(
    _ event: StationSourceEvent, estimate: (Station, Timestamp) -> RideEstimate?
  ) -> [RideEffect] {
    guard !isFinished, let event = merge.admit(event) else { return [] }
    switch event {
    case .found(let station, let evidence, let time):
      let isArrival = station.beacon == arrival.beacon
      if progress == nil, !isArrival, let planned = try? catalog.journey(from: station, to: arrival) {
        // The first station found is where the journey starts.
        progress = JourneyProgress(journey: planned)
      }
      var effects: [RideEffect] = []
      for event in progress?.found(station) ?? [isArrival ? .arrived(station) : .found(station)] {
        switch event {
        case .arrived(let station):
          isFinished = true
          return effects + [.arrived(station, evidence: evidence, at: time), .alarm(.arrived(at: station))]
        case .found(let station):
          effects.append(.found(station, evidence: evidence, at: time, estimate: estimate(station, time)))
        case .transfer(let transfer, let next):
          effects += [
            .transfer(transfer, next: next, evidence: evidence, at: time), .alarm(.transfer(transfer, next: next)),
          ]
        case .wrongDirection(let station, let leg):
          effects += [.wrongDirection(station, leg: leg, at: time), .notification(.wrongWay(station, leg: leg))]
        case .approaching:
          break  // told when the station before is left
        }
      }
      return effects
    case .left(let station, let time):
      return (progress?.left(station) ?? []).flatMap { event -> [RideEffect] in
        guard case .approaching(let next, let approach) = event else { return [] }
        return [.approaching(next, approach: approach, at: time), .notification(.nextStop(next, approach))]
      }
    case .suspect(let station, let reason, let time):
      return [.suspect(station, reason: reason, at: time)]
    case .locationSourceChanged(let condition):
      return [.locationSourceChanged(condition)]
    }
  }
}
