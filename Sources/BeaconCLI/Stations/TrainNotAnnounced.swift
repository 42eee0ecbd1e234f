import MRTNavigation

/// Why `beacon-ride --from` cannot tell the rider that their train is coming in, from what the
/// train use case's start answered; the rest of the line after "cannot be announced: ".
enum TrainNotAnnounced: Hashable, CustomStringConvertible {
  /// The catalog has no train beacon scheme (a catalog file without `trainUUID`).
  case catalogTrainsCarryNoBeacons
  /// The scheme numbers no beacons for the first line's trains (a line without `code`).
  case lineTrainsCarryNoBeacons(TransitLine)
  /// The journey has no ride (only a walk).
  case noTrainRide
  /// The ride has no Bluetooth source (GPS alone).
  case noBluetoothSource
  /// Bluetooth did not start; the ride's own line says why.
  case bluetoothDidNotStart

  /// `nil` when the train use case started.
  init?(_ result: StationWatchStartResult, journey: Journey, catalog: StationCatalog, hasBluetooth: Bool) {
    switch result {
    case .started, .alreadyStarted: return nil
    case .noTrainBeacons:
      if catalog.trainBeacons == nil {
        self = .catalogTrainsCarryNoBeacons
      } else if let leg = journey.legs.first {
        self = .lineTrainsCarryNoBeacons(leg.line)
      } else {
        self = .noTrainRide
      }
    case .bluetoothUnavailable where !hasBluetooth: self = .noBluetoothSource
    case .notAuthorized, .bluetoothUnavailable, .finderFailed, .locationUnavailable, .unknownStation:
      self = .bluetoothDidNotStart
    }
  }

  var description: String {
    switch self {
    case .catalogTrainsCarryNoBeacons: "this catalog's trains carry no beacons"
    case .lineTrainsCarryNoBeacons(let line):
      "this catalog numbers no beacons for the trains of the \(line.displayName)"
    case .noTrainRide: "the journey is only a walk"
    case .noBluetoothSource: "there is no Bluetooth source to hear its beacon (GPS alone)"
    case .bluetoothDidNotStart: "Bluetooth did not start"
    }
  }
}
