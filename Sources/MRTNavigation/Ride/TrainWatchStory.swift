/// The train at the departure station (``RideStory/trainAtDeparture(_:)``): while the rider is at
/// the journey's first station (found there, and neither gone from it nor found at another since),
/// the first train of the journey's first line running its way that arrives is told; then it ends.
///
/// No word of a train the other way, of another line's, or of one that came before the rider was
/// at the station or after they left it; found there again, the rider is waited for again.
struct TrainWatchStory: Sendable {
  /// The leg whose train is waited for: the journey's first.
  let departureLeg: Journey.Leg
  /// Each station again once the rider has left it: the rider is waited for while at the
  /// departure station, and only then.
  private var merge = StationMerge(announcing: .oncePerStay)
  private var riderIsAtStation = false
  private(set) var isFinished = false

  init(departureLeg: Journey.Leg) {
    self.departureLeg = departureLeg
  }

  /// At the departure station (again): trains are watched for. At another, or gone from it: a
  /// train heard from now on is not the rider's to board there.
  mutating func tell(_ event: StationSourceEvent) -> [RideEffect] {
    guard !isFinished, let event = merge.admit(event) else { return [] }
    switch event {
    case .found(let station, let evidence, let time):
      riderIsAtStation = station == departureLeg.first
      return riderIsAtStation ? [.riderAtDeparture(station, evidence: evidence, at: time)] : []
    case .left(let station, _):
      if station == departureLeg.first { riderIsAtStation = false }
      return []
    case .suspect, .locationSourceChanged:
      return []
    }
  }

  /// The rider's train, the first to arrive of the leg's line and direction while they are there.
  mutating func tell(_ event: TrainArrivalDetector.Event) -> [RideEffect] {
    guard !isFinished, riderIsAtStation, case .arrived(let train, let rssi, let time) = event,
      train.line == departureLeg.line, train.direction == departureLeg.direction
    else { return [] }
    isFinished = true
    let station = departureLeg.first
    return [
      .trainArriving(train, at: station, rssi: rssi, time: time), .alarm(.trainArriving(train, at: station)),
    ]
  }
}
