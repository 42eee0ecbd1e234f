import BluetoothTypes
import Positioning

/// What a source's detector reports: the one shape of a station event between the sources and
/// the rider's use cases.
public enum StationSourceEvent: Hashable, Sendable {
  /// The rider is at `station`; `evidence` says which source found it and how.
  case found(Station, evidence: StationEvidence, at: Timestamp)
  /// The rider left `station`.
  case left(Station, at: Timestamp)
  /// `station` was heard strongly, but the rider cannot plausibly be there.
  case suspect(Station, reason: StationSuspicion, at: Timestamp)
  /// The GPS source changed: gone, back, no receiver, stale.
  case locationSourceChanged(LocationSourceCondition)

  /// The Bluetooth source's event for a ``StationDetector`` event.
  public init(_ event: StationEvent) {
    switch event {
    case .found(let station, let rssi, let time): self = .found(station, evidence: .bluetooth(rssi: rssi), at: time)
    case .left(let station, let time): self = .left(station, at: time)
    case .suspect(let station, let reason, let time): self = .suspect(station, reason: reason, at: time)
    }
  }

  /// The GPS source's event for a ``GPSStationDetector`` event.
  public init(_ event: GPSStationEvent) {
    switch event {
    case .found(let station, let fix): self = .found(station, evidence: .gps(fix), at: fix.time)
    case .left(let station, let time): self = .left(station, at: time)
    }
  }
}
