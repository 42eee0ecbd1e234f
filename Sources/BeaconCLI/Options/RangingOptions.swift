import ArgumentParser
import Beacons
import StationCatalogs

/// How `beacon-scan` ranges beacons on this receiver: `--ranging` (the estimates in its
/// output), the receiver's options (``ReceiverOptions``), and `--calibrate`, which measures the
/// offset.
struct RangingOptions: ParsableArguments {
  @Flag(
    help: ArgumentHelp(
      "Add ranging to each report's line and to --table: the smoothed RSSI (a trimmed mean over 10 s, with --rssi-offset), "
        + "the estimated distance with its interval in metres and the proximity (immediate, near, far or unknown). "
        + "The interval is the distance at the smoothed RSSI ± \(ValueRange.format(BeaconRanging.Configuration.uncalibratedRSSISpread)) dB, "
        + "or ± \(ValueRange.format(BeaconRanging.Configuration.calibratedRSSISpread)) dB with --rssi-offset: "
        + "how far real receivers' smoothed RSSI strayed from the model; on recordings it held the true distance "
        + "69 % of the time uncalibrated and 58 % calibrated (see the RangingAccuracy article). "
        + "Calibrate first (--calibrate): uncalibrated distances can be off by a factor of two or more."))
  var ranging = false

  @OptionGroup var receiver: ReceiverOptions

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
}
