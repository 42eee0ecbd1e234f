import BluetoothTypes

/// Tells a rider waiting at the departure station of a started journey that their train is
/// coming in: once, when they are at the station (its station beacon found, or GPS) and a train
/// of the journey's first line, running the journey's way, arrives (its beacon heard steadily,
/// not a passing glimpse); then stops itself.
///
/// No word of a train running the other way, of another line's, or of one that came before the
/// rider was at the station or after they left it (the station's `left`, or another station
/// found); found there again, the rider is waited for again.
public protocol NotifyWhenTrainArrivesAtDepartureStation: AnyObject {
  /// Receives the reports; held weakly by implementations.
  var delegate: (any NotifyWhenTrainArrivesAtDepartureStationDelegate)? { get set }
  /// Whether it is watching; `false` again once the train was told.
  var isRunning: Bool { get }
  /// The journey of the current (or last) watch.
  var journey: Journey? { get }
  /// Starts watching for `journey`'s first train, from a clean slate.
  /// ``StationWatchStartResult/noTrainBeacons`` when the catalog numbers no beacons for the
  /// trains of its first line (or the journey is only a walk).
  func start(journey: Journey) -> StationWatchStartResult
  /// Stops watching before the train was told.
  @discardableResult
  func stop() -> StationWatchStopResult
}

/// Receives ``NotifyWhenTrainArrivesAtDepartureStation``'s reports.
public protocol NotifyWhenTrainArrivesAtDepartureStationDelegate: AnyObject {
  /// `train`, the journey's, is at `station`'s platform; the use case has stopped.
  func notifyWhenTrainArrivesAtDepartureStation(
    _ useCase: any NotifyWhenTrainArrivesAtDepartureStation, didArrive train: Train, at station: Station,
    rssi: Double, time: CaptureTime)
  /// The rider is at the departure station: trains are watched for from now, until they leave
  /// it; told again each time they are back. Optional.
  func notifyWhenTrainArrivesAtDepartureStation(
    _ useCase: any NotifyWhenTrainArrivesAtDepartureStation, riderIsAt station: Station, evidence: StationEvidence,
    time: CaptureTime)
}

extension NotifyWhenTrainArrivesAtDepartureStationDelegate {
  public func notifyWhenTrainArrivesAtDepartureStation(
    _ useCase: any NotifyWhenTrainArrivesAtDepartureStation, riderIsAt station: Station, evidence: StationEvidence,
    time: CaptureTime
  ) {}
}
