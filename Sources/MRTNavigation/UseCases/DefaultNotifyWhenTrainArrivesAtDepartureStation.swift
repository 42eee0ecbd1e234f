import Beacons
import BluetoothTypes
import Positioning

/// ``NotifyWhenTrainArrivesAtDepartureStation`` over its two station parts (where the rider
/// is; the delegate of both) and the train beacons a ``TrainArrivalDetector`` hears on a beacon
/// finder of its own (on the command line, a branch of the ride's ``Beacons/SharedBeaconFinder``).
/// Not `Sendable`: keep it on one actor.
public final class DefaultNotifyWhenTrainArrivesAtDepartureStation: NotifyWhenTrainArrivesAtDepartureStation,
  StationSourceUseCaseDelegate, BeaconFinderDelegate
{
  public weak var delegate: (any NotifyWhenTrainArrivesAtDepartureStationDelegate)?
  public private(set) var journey: Journey?
  public let catalog: StationCatalog
  public let trainPolicy: TrainArrivalPolicy
  private let sources: StationSources
  /// Each station again once the rider has left it: the rider is waited for while at the
  /// departure station, and only then.
  private var merge = StationMerge(announcing: .oncePerStay)
  /// Where the train beacons are heard; `nil` without Bluetooth (no train can be told).
  private let trainFinder: (any BeaconFinder)?
  private let rangingConfiguration: BeaconRanging.Configuration
  private var trains: TrainArrivalDetector
  /// The leg whose train is waited for: the journey's first.
  private var departureLeg: Journey.Leg? { journey?.legs.first }
  /// Whether the rider is at the departure station: found there and neither gone from it nor
  /// found at another station since. Trains are told only while it holds.
  private var riderIsAtStation = false
  public private(set) var isRunning = false

  /// Over the two station parts (either may be `nil`, not both) and the finder that hears the
  /// train beacons (`nil`: no train can be heard, and ``start(journey:)`` says so).
  public init(
    bluetooth: (any NotifyWhenNearMRTStationWithBluetooth)?, gps: (any NotifyWhenNearMRTStationWithGPS)?,
    trainFinder: (any BeaconFinder)?, catalog: StationCatalog,
    trainPolicy: TrainArrivalPolicy = TrainArrivalPolicy(),
    rangingConfiguration: BeaconRanging.Configuration = BeaconRanging.Configuration()
  ) {
    self.catalog = catalog
    self.trainPolicy = trainPolicy
    self.rangingConfiguration = rangingConfiguration
    self.trainFinder = trainFinder
    trains = TrainArrivalDetector(catalog: catalog, policy: trainPolicy, rangingConfiguration: rangingConfiguration)
    sources = StationSources(bluetooth: bluetooth, gps: gps)
    sources.report(to: self)
  }

  /// Over a beacon finder (shared between station and train beacons) and, when given, a
  /// location finder (for the rider at an elevated station without a station beacon).
  public convenience init(
    finder: (any BeaconFinder)?, locationFinder: (any LocationFinder)? = nil,
    catalog: StationCatalog, policy: StationPresencePolicy = StationPresencePolicy(),
    trainPolicy: TrainArrivalPolicy = TrainArrivalPolicy(),
    rangingConfiguration: BeaconRanging.Configuration = BeaconRanging.Configuration(),
    gpsPolicy: GPSStationPolicy = GPSStationPolicy()
  ) {
    let shared = finder.map(SharedBeaconFinder.init)
    let stations = StationSources(
      finder: shared?.branch(), locationFinder: locationFinder, catalog: catalog, policy: policy,
      rangingConfiguration: rangingConfiguration, gpsPolicy: gpsPolicy)
    self.init(
      bluetooth: stations.bluetooth, gps: stations.gps, trainFinder: shared?.branch(), catalog: catalog,
      trainPolicy: trainPolicy, rangingConfiguration: rangingConfiguration)
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
    merge = StationMerge(announcing: .oncePerStay)
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

  /// A part's event. At the departure station (again): trains are watched for. At another, or
  /// gone from it: a train heard from now on is not the rider's to board there.
  public func stationSource(_ source: any StationSourceUseCase, didReport event: StationSourceEvent) {
    guard isRunning, let event = merge.admit(event) else { return }
    switch event {
    case .found(let station, let evidence, let time):
      guard station == departureLeg?.first else {
        riderIsAtStation = false
        return
      }
      // Once a stay: the merge admits the departure station again only after the rider left it.
      riderIsAtStation = true
      delegate?.notifyWhenTrainArrivesAtDepartureStation(self, riderIsAt: station, evidence: evidence, time: time)
    case .left(let station, _):
      if station == departureLeg?.first { riderIsAtStation = false }
    case .suspect, .locationSourceChanged:
      break
    }
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
