import ArgumentParser
import Beacons
import StationCatalogs

/// How `beacon-scan` ranges beacons on this receiver: `--ranging` (the estimates in its
/// output), the receiver's `--rssi-offset`, the model's `--path-loss-exponent`, and
/// `--calibrate`, which measures the offset.
struct RangingOptions: ParsableArguments {
  @Flag(
    help: ArgumentHelp(
      "Add ranging to each report's line and to --table: the smoothed RSSI (a trimmed mean over 10 s, with --rssi-offset), "
        + "the estimated distance with its interval in metres and the proximity (immediate, near, far or unknown). "
        + "The interval is the distance at the smoothed RSSI ± \(ValueRange.format(BeaconRanging.Configuration.defaultRSSISpread)) dB, "
        + "how far a calibrated receiver's smoothed RSSI strays from the model: it holds the true distance about two times in three. "
        + "Calibrate first (--calibrate), or the distances can be off by a factor of several."))
  var ranging = false

  @Option(
    name: .customLong("rssi-offset"), parsing: .unconditional,
    help: ArgumentHelp(
      "The dB this receiver's RSSIs are off, added to every RSSI before smoothing, ranging and station detection; "
        + "\(ValueRange.rssiOffset) (default: 0). Measure it with --calibrate.",
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

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Calibrate this receiver: the beacon(s) heard stood this far from it throughout (live for --duration, or a replay); "
        + "\(ValueRange.calibrationMetres). At the end, print the --rssi-offset that makes the model give this distance "
        + "(the median over the reports), with each beacon's reports, median RSSI and measured power. "
        + "E.g. stand the beacon 1 m from the receiver, run beacon-scan -i hci0 --calibrate 1 --duration 60, "
        + "then pass --rssi-offset with the value printed.",
      valueName: "metres"),
    transform: ValueRange.calibrationMetres.parse)
  var calibrate: Double?

  init() {}

  /// `configuration` with this receiver's offset and the model's exponent.
  func configured(_ configuration: BeaconRanging.Configuration) -> BeaconRanging.Configuration {
    var configuration = configuration
    if let rssiOffset { configuration.rssiOffset = rssiOffset }
    if let pathLossExponent { configuration.pathLossExponent = pathLossExponent }
    return configuration
  }
}
