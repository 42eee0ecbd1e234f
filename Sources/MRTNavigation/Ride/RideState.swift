import Beacons
import BluetoothTypes
import Positioning

/// A ride's whole state, and the one function that advances it (``step(_:)``): inputs in
/// (sightings, fixes, ticks), effects out (``RideEffect``). No I/O, no clock of its own: the
/// same inputs give the same effects, so a ride is tested as a table.
///
/// Each source's detector runs once per input, however many stories listen: a station found is
/// told first to the train watch, then to the ride (to a destination, in the background, or every
/// event). "The first source to find a station wins" (``StationMerge``) is each story's own.
public struct RideState: Sendable {
  /// The station beacons' detector; `nil` without Bluetooth.
  private var stations: StationDetector?
  /// The GPS detector; `nil` without GPS.
  private var gps: GPSStationDetector?
  /// The train beacons' detector, while a train is watched for.
  private var trains: TrainArrivalDetector?
  private var everyStationEvent = false
  private var background: BackgroundStory?
  private var destination: DestinationStory?
  private var trainWatch: TrainWatchStory?
  private var timetable: (any RideTimetableMatching)?
  private let samplesForReport: Bool

  /// The stories told; sources are those the ride has (`bluetooth`: sightings of the station
  /// beacons, `gps`: fixes). `timetable` is consulted at each station found on the way to a
  /// destination; `samplesForReport` adds each sighting and fix as an effect, for `--report`.
  public init(
    stories: [RideStory], detection: RideDetection, bluetooth: Bool, gps: Bool,
    timetable: (any RideTimetableMatching)? = nil, samplesForReport: Bool = false
  ) {
    if bluetooth {
      stations = StationDetector(
        catalog: detection.catalog, policy: detection.policy, rangingConfiguration: detection.ranging)
    }
    if gps { self.gps = GPSStationDetector(catalog: detection.catalog, policy: detection.gps) }
    for story in stories {
      switch story {
      case .stationEvents:
        everyStationEvent = true
      case .background(let repeatAfter):
        background = BackgroundStory(repeatAfter: repeatAfter)
      case .destination(let station, let journey):
        destination = DestinationStory(catalog: detection.catalog, arrival: station, journey: journey)
      case .trainAtDeparture(let journey):
        guard let leg = journey.legs.first else { continue }
        trainWatch = TrainWatchStory(departureLeg: leg)
        if bluetooth {
          trains = TrainArrivalDetector(
            catalog: detection.catalog, policy: detection.trains, rangingConfiguration: detection.ranging)
        }
      }
    }
    self.timetable = timetable
    self.samplesForReport = samplesForReport
  }

  /// Ranges the station and train beacons with this receiver's `offset` from now on
  /// (``BeaconRanging/setRSSIOffset(_:)``): a fleet node's offset set remotely.
  public mutating func setRSSIOffset(_ offset: Double) {
    stations?.setRSSIOffset(offset)
    trains?.setRSSIOffset(offset)
  }

  /// The destination's journey, once known: given, or planned from the first station found.
  public var journey: Journey? { destination?.progress?.journey }

  /// Whether the ride is over: arrived at the destination, or every story that can end has
  /// ended (the train told, with no destination). Later inputs give no effects.
  public var isFinished: Bool {
    if destination?.isFinished == true { return true }
    guard !everyStationEvent, background == nil, destination == nil else { return false }
    return trainWatch?.isFinished ?? true
  }

  /// Whether the train at the departure station is still waited for.
  public var isWatchingTrain: Bool { trainWatch.map { !$0.isFinished } ?? false }

  /// Advances the ride by `input`: what the rider is to be told, in order.
  public mutating func step(_ input: RideInput) -> [RideEffect] {
    guard !isFinished else { return [] }
    var effects: [RideEffect] = []
    switch input {
    case .sighting(let sighting):
      if samplesForReport { effects.append(.reportSample(.sighting(sighting))) }
      let events = stations?.ingest(sighting).map(StationSourceEvent.init) ?? []
      tell(events, trains: isWatchingTrain ? trains?.ingest(sighting) ?? [] : [], into: &effects)
    case .tick(let time):
      if samplesForReport { effects.append(.reportSample(.time(time))) }
      let events = stations?.advance(to: time).map(StationSourceEvent.init) ?? []
      tell(events, trains: isWatchingTrain ? trains?.advance(to: time) ?? [] : [], into: &effects)
    case .fix(let fix):
      if samplesForReport { effects.append(.reportSample(.fix(fix))) }
      tell(gps?.ingest(fix).map(StationSourceEvent.init) ?? [], trains: [], into: &effects)
    case .locationSourceChanged(let condition):
      tell([.locationSourceChanged(condition)], trains: [], into: &effects)
    case .station(let event):
      tell([event], trains: [], into: &effects)
    }
    return effects
  }

  /// The train watch hears the station events and the trains first, then the ride its events.
  private mutating func tell(
    _ events: [StationSourceEvent], trains: [TrainArrivalDetector.Event], into effects: inout [RideEffect]
  ) {
    if trainWatch != nil {
      for event in events { effects += trainWatch?.tell(event) ?? [] }
      for event in trains { effects += trainWatch?.tell(event) ?? [] }
    }
    for event in events {
      if everyStationEvent { effects += Self.everyEvent(event) }
      effects += background?.tell(event) ?? []
      if destination != nil {
        // Taken out for the call: the story's tell and the timetable's matching are both the state's.
        var timetable = self.timetable
        effects += destination?.tell(event) { station, time in timetable?.estimate(at: station, time: time) } ?? []
        self.timetable = timetable
        if destination?.isFinished == true { return }
      }
    }
  }

  /// Every station event as it is, a found station with a notification.
  private static func everyEvent(_ event: StationSourceEvent) -> [RideEffect] {
    switch event {
    case .found(let station, let evidence, let time):
      return [.found(station, evidence: evidence, at: time, estimate: nil), .notification(.trainAt(station))]
    case .left(let station, let time):
      return [.left(station, at: time)]
    case .suspect(let station, let reason, let time):
      return [.suspect(station, reason: reason, at: time)]
    case .locationSourceChanged(let condition):
      return [.locationSourceChanged(condition)]
    }
  }
}
