import Positioning

/// Which source found a station.
public enum StationSource: String, Hashable, Sendable, CaseIterable {
  /// The station's beacons were heard.
  case bluetooth
  /// GPS fixes placed the train at the station's platform.
  case gps
}

/// What made a station certain, from whichever source found it.
public enum StationEvidence: Hashable, Sendable {
  /// The station's beacon, at this smoothed RSSI (dBm).
  case bluetooth(rssi: Double)
  /// The GPS fix that made the arrival certain (its position and the receiver's time).
  case gps(LocationFix)

  public var source: StationSource {
    switch self {
    case .bluetooth: return .bluetooth
    case .gps: return .gps
    }
  }

  /// The smoothed RSSI, for Bluetooth evidence.
  public var rssi: Double? {
    if case .bluetooth(let rssi) = self { return rssi }
    return nil
  }
}
