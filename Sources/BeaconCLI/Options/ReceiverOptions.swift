import ArgumentParser
import Beacons
import StationCatalogs

/// This receiver's RSSI and the distance model, for every command that ranges beacons or detects
/// stations from their RSSI (`beacon-scan`, `beacon-ride`): `--rssi-offset`, `--path-loss-exponent`.
struct ReceiverOptions: ParsableArguments {
  @Option(
    name: .customLong("rssi-offset"), parsing: .unconditional,
    help: ArgumentHelp(
      "The dB this receiver's RSSIs are off, added to every RSSI before smoothing, ranging and station detection; "
        + "\(ValueRange.rssiOffset) (default: 0). Measure it with beacon-scan --calibrate.",
      valueName: "dB"),
    transform: ValueRange.rssiOffset.parse)
  var rssiOffset: Double?

  @Option(
    name: .customLong("path-loss-exponent"), parsing: .unconditional,
    help: ArgumentHelp(
      "The log-distance model's exponent n (distance = 10^((measured power − RSSI) / (10·n)) m); "
        + "\(ValueRange.pathLossExponent): 2 is free space, real receivers fit 1.1–2.5 (a car or corridor guides the signal), "
        + "walls and bodies up to 4–6; below 1 a signal would outlast free space "
        + "(default: \(ValueRange.format(BeaconRanging.Configuration.defaultPathLossExponent))).",
      valueName: "n"),
    transform: ValueRange.pathLossExponent.parse)
  var pathLossExponent: Double?

  init() {}

  /// `configuration` with this receiver's offset and the model's exponent.
  func configured(_ configuration: BeaconRanging.Configuration) -> BeaconRanging.Configuration {
    var configuration = configuration
    if let rssiOffset { configuration = configuration.calibrated(rssiOffset: rssiOffset) }
    if let pathLossExponent { configuration.pathLossExponent = pathLossExponent }
    return configuration
  }
}
