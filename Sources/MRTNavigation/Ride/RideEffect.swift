import Beacons
import BluetoothTypes
import Positioning

/// What a step of a ride (``RideState/step(_:)``) asks the world to do: present a station event,
/// warn of the next stop, sound the alarm, show a notification, keep a sample for the report.
///
/// A step's effects come in the order they are to be carried out: for one sighting, the report's
/// sample first, then the train watch's events, then the ride's.
public enum RideEffect: Hashable, Sendable {
  /// Keep this for the run's report (`--report`).
  case reportSample(RideReportSample)
  /// The rider is at `station`; `evidence` says which source found it first. With a timetable,
  /// `estimate` says when the rider reaches the destination and how late their train runs.
  case found(Station, evidence: StationEvidence, at: Timestamp, estimate: RideEstimate?)
  /// The rider left `station` (told only when every station event is wanted, ``RideStory/stationEvents``).
  case left(Station, at: Timestamp)
  /// The rider has arrived at the destination; the ride is over.
  case arrived(Station, evidence: StationEvidence, at: Timestamp)
  /// The rider is at `transfer.from`, where the journey changes to `next` (after the walk, if any).
  case transfer(Journey.Transfer, next: Journey.Leg?, evidence: StationEvidence, at: Timestamp)
  /// The next stop, `station`, is where the rider gets off or changes (``JourneyProgress/Approach``).
  case approaching(Station, approach: JourneyProgress.Approach, at: Timestamp)
  /// `station`, just found, lies behind the rider on `leg`: the train runs the wrong way.
  case wrongDirection(Station, leg: Journey.Leg, at: Timestamp)
  /// `station` was heard strongly, but the rider cannot plausibly be there.
  case suspect(Station, reason: StationSuspicion, at: Timestamp)
  /// The GPS source changed (gpsd gone or back, no receiver, stale).
  case locationSourceChanged(LocationSourceCondition)
  /// The rider is at the departure station: their train is waited for while they stay.
  case riderAtDeparture(Station, evidence: StationEvidence, at: Timestamp)
  /// The journey's train is coming in at `station`, heard at `rssi` (smoothed, dBm).
  case trainArriving(Train, at: Station, rssi: Double, time: Timestamp)
  /// Sound the alarm the rider cannot miss.
  case alarm(AlarmReason)
  /// Show the rider a notification, without the alarm.
  case notification(RideNotice)
}

/// What a notification without the alarm tells the rider.
public enum RideNotice: Hashable, Sendable {
  /// The train is at `station` (every station found, ``RideStory/stationEvents``).
  case trainAt(Station)
  /// The next stop is where the rider gets off or changes.
  case nextStop(Station, JourneyProgress.Approach)
  /// The train runs the wrong way: the rider should take `leg`'s line towards its headsign.
  case wrongWay(Station, leg: Journey.Leg)
}

/// What a run's report keeps of the ride's inputs: every sighting and fix, and time passing.
public enum RideReportSample: Hashable, Sendable {
  case sighting(BeaconSighting)
  case fix(LocationFix)
  case time(Timestamp)
}
