import Beacons

/// What `start` did, so the caller can act on it.
public enum StationWatchStartResult: Hashable, Sendable {
  /// Watching; sightings are now used.
  case started
  /// It was already watching; nothing changed.
  case alreadyStarted
  /// No permission to use the Bluetooth adapter: ask the user to grant it (on Linux, run with
  /// `CAP_NET_RAW` and `CAP_NET_ADMIN`).
  case notAuthorized
  /// No adapter, or it is down: ask the user to plug it in or power it on.
  case bluetoothUnavailable
  /// The finder could not start for another reason (a controller that does not answer, a
  /// damaged capture); the finder keeps the typed error.
  case finderFailed
  /// No location source (gpsd not reachable, or no receiver): ask the user to start it. The
  /// finder keeps the typed error.
  case locationUnavailable
  /// The destination given is not a station of the catalog; nothing started.
  case unknownStation
  /// The catalog numbers no beacons for the trains of the journey's first line (or the journey
  /// has no ride): no train can be waited for; nothing started.
  case noTrainBeacons
}

extension StationWatchStartResult {
  /// What a use case answers when its beacon finder's start answered `result`: started (also
  /// when it was already running), or why not.
  init(finderStart result: BeaconFinderStartResult) {
    switch result {
    case .started, .alreadyStarted: self = .started
    case .notAuthorized: self = .notAuthorized
    case .bluetoothUnavailable: self = .bluetoothUnavailable
    case .failed: self = .finderFailed
    }
  }
}
