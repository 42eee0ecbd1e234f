import Beacons
import BluetoothTypes
import Positioning

/// ``NotifyWhenTrainArrivesAtDepartureStation`` over the two station sources (``StationSources``:
/// where the rider is) and the train beacons a ``TrainArrivalDetector`` hears on the same
/// finder, through a ``Beacons/SharedBeaconFinder``. Not `Sendable`: keep it on one actor.
public final class DefaultNotifyWhenTrainArrivesAtDepartureStation: NotifyWhenTrainArrivesAtDepartureStation,
  StationSourcesReceiver, BeaconFinderDelegate
{
  public weak var delegate: (any NotifyWhenTrainArrivesAtDepartureStationDelegate)?
  public private(set) var journey: Journey?
  public let catalog: StationCatalog
  public let trainPolicy: TrainArrivalPolicy
  private let sources: StationSources
  /// The train beacons' own view of the finder; `nil` without Bluetooth (no train can be told).
  private let trainFinder: (any BeaconFinder)?
  private let rangingConfiguration: BeaconRanging.Configuration
  private var trains: TrainArrivalDetector
  /// The leg whose train is waited for: the journey's first.
  private var departureLeg: Journey.Leg? { journey?.legs.first }
  /// Whether the rider is at the departure station: found there and neither gone from it nor
  /// found at another station since. Trains are told only while it holds.
  private var riderIsAtStation = false
  public private(set) var isRunning = false

  /// Over a beacon finder (shared between station and train beacons) and, when given, a
  /// location finder (for the rider at an elevated station without a station beacon).
  public init(
    finder: (any BeaconFinder)?, locationFinder: (any LocationFinder)? = nil,
    catalog: StationCatalog = JakartaRail.network, policy: StationPresencePolicy = StationPresencePolicy(),
    trainPolicy: TrainArrivalPolicy = TrainArrivalPolicy(),
    rangingConfiguration: BeaconRanging.Configuration = BeaconRanging.Configuration(),
    gpsPolicy: GPSStationPolicy = GPSStationPolicy()
  ) {
    let shared = finder.map(SharedBeaconFinder.init)
    self.catalog = catalog
    self.trainPolicy = trainPolicy
    self.rangingConfiguration = rangingConfiguration
    trainFinder = shared?.branch()
    trains = TrainArrivalDetector(catalog: catalog, policy: trainPolicy, rangingConfiguration: rangingConfiguration)
    sources = StationSources(
      finder: shared?.branch(), locationFinder: locationFinder, catalog: catalog, policy: policy,
      rangingConfiguration: rangingConfiguration, gpsPolicy: gpsPolicy, announcing: .oncePerStay)
    sources.receiver = self
  }

  /// What each station source's start answered.
  public var sourceStarts: SourceStarts { sources.starts }

  public func start(journey: Journey) -> StationWatchStartResult {
    guard !isRunning else { return .alreadyStarted }
    guard let leg = journey.legs.first, catalog.trainBeacon(of: leg.line, leg.direction, trainSet: 1) != nil else {
      return .noTrainBeacons
    }
    guard let trainFinder else { return .bluetoothUnavailable }
    trainFinder.delegate = self
    let trainsHeard = StationWatchStartResult(finderStart: trainFinder.start())
    guard trainsHeard == .started else { return trainsHeard }
    trains = TrainArrivalDetector(catalog: catalog, policy: trainPolicy, rangingConfiguration: rangingConfiguration)
    let result = sources.start()
    guard result == .started else {
      trainFinder.stop()
      return result
    }
    self.journey = journey
    riderIsAtStation = false
    isRunning = true
    return .started
  }

  @discardableResult
  public func stop() -> StationWatchStopResult {
    guard isRunning else { return .notRunning }
    isRunning = false
    sources.stop()
    trainFinder?.stop()
    return .stopped
  }

  /// At the departure station (again): trains are watched for. At another: they are not.
  func sources(_ sources: StationSources, didFind station: Station, evidence: StationEvidence, at time: CaptureTime) {
    guard isRunning else { return }
    guard station == departureLeg?.first else {
      riderIsAtStation = false
      return
    }
    guard !riderIsAtStation else { return }
    riderIsAtStation = true
    delegate?.notifyWhenTrainArrivesAtDepartureStation(self, riderIsAt: station, evidence: evidence, time: time)
  }

  /// Gone from the departure station: a train heard from now on is not the rider's to board there.
  func sources(_ sources: StationSources, didLeave station: Station, at time: CaptureTime) {
    guard isRunning, station == departureLeg?.first else { return }
    riderIsAtStation = false
  }

  public func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    guard isRunning else { return }
    handle(trains.ingest(sighting))
  }

  public func beaconFinder(_ finder: any BeaconFinder, didReach time: CaptureTime) {
    guard isRunning else { return }
    handle(trains.advance(to: time))
  }

  private func handle(_ events: [TrainArrivalDetector.Event]) {
    for case .arrived(let train, let rssi, let time) in events {
      guard isRunning, riderIsAtStation, let leg = departureLeg, train.line == leg.line,
        train.direction == leg.direction
      else { continue }
      // Done: stop listening, leave the finders to the caller that started them.
      isRunning = false
      sources.pause()
      trainFinder?.delegate = nil
      delegate?.notifyWhenTrainArrivesAtDepartureStation(
        self, didArrive: train, at: leg.first, rssi: rssi, time: time)
    }
  }
}
