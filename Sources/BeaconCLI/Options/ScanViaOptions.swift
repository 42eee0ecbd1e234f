import ArgumentParser
import LinuxHCITransports
import ScanSession

/// `--scan-via`: whether this program scans the controller itself or has bluetoothd scan it;
/// not given, a device that bluetoothd powers is read through bluetoothd
/// (``cooperatesWithBluetoothd``).
public struct ScanViaOptions: ParsableArguments {
  @Option(
    name: .customLong("scan-via"),
    help: ArgumentHelp(
      "controller: scan with HCI commands on the kernel's raw channel (shared with bluetoothd; beside a discovery "
        + "of bluetoothd's, ours disturbs it: it may hear nothing after we stop). bluetoothd: ask bluetoothd over "
        + "D-Bus to discover LE devices and read the reports from the HCI monitor channel, so bluetoothd and its "
        + "clients (Home Assistant) go on undisturbed; it scans actively, and with CAP_NET_ADMIN the kernel turns "
        + "the controller's duplicate filter off (without, most controllers report a beacon once per discovery "
        + "cycle). Not given: a kernel device that bluetoothd powers is scanned via bluetoothd, or, if bluetoothd "
        + "is discovering on it already, listened to on the monitor channel; any other device is scanned by us "
        + "(also when --exclusive or an option that shapes our own scan is given).",
      valueName: "controller|bluetoothd"))
  public var scanVia: ControllerDriver?

  public init() {}

  /// Whether a kernel device that bluetoothd powers is read through bluetoothd rather than
  /// scanned by us: with no `--scan-via`, no `--exclusive` and none of the options that shape a
  /// scan of our own.
  func cooperatesWithBluetoothd(exclusive: Bool, scanShaping: [(flag: String, given: Bool)]) -> Bool {
    scanVia == nil && !exclusive && !scanShaping.contains { $0.given }
  }

  /// Refuses `--scan-via bluetoothd` with a source bluetoothd does not manage or with options
  /// that shape a scan of our own; `scanShaping` pairs each such option's flag with whether it
  /// was given.
  func check(device: TransportSpec?, exclusive: Bool, scanShaping: [(flag: String, given: Bool)]) throws {
    guard scanVia == .bluetoothd, let device else { return }
    guard case .kernel = device else {
      throw ValidationError(
        "--scan-via bluetoothd needs a kernel controller that bluetoothd manages (-i hci0), not -i \(device).")
    }
    if exclusive {
      throw ValidationError("--exclusive keeps bluetoothd out, and --scan-via bluetoothd needs it: drop one.")
    }
    for option in scanShaping where option.given {
      throw ValidationError(
        "\(option.flag) shapes a scan of our own; with --scan-via bluetoothd, bluetoothd decides how it scans.")
    }
  }
}
