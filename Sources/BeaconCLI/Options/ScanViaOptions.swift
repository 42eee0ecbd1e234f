import ArgumentParser
import LinuxHCITransports

/// `--scan-via`: whether this program scans the controller itself or has bluetoothd scan it;
/// not given, it listens to bluetoothd's discovery when there is one (``listensBesideDiscovery``).
public struct ScanViaOptions: ParsableArguments {
  @Option(
    name: .customLong("scan-via"),
    help: ArgumentHelp(
      "controller: scan with HCI commands on the kernel's raw channel (shared with bluetoothd; beside a discovery "
        + "of bluetoothd's, ours disturbs it: it may hear nothing after we stop). bluetoothd: ask bluetoothd over "
        + "D-Bus to discover LE devices and read the reports from the HCI monitor channel, so bluetoothd and its "
        + "clients (Home Assistant) go on undisturbed; it scans actively and the controller drops repeated "
        + "reports, so beacons are heard less often. Not given: controller, except on a kernel device whose "
        + "bluetoothd is discovering when the scan starts, which is then listened to on the monitor channel.",
      valueName: "controller|bluetoothd"))
  public var scanVia: ControllerDriver?

  public init() {}

  /// Refuses `--scan-via bluetoothd` with a source bluetoothd does not manage or with options
  /// that shape a scan of our own; `scanShaping` pairs each such option's flag with whether it
  /// was given.
  /// Whether a kernel device whose bluetoothd is discovering is listened to instead of scanned:
  /// with no `--scan-via`, no `--exclusive` and none of the options that shape a scan of our own.
  func listensBesideDiscovery(exclusive: Bool, scanShaping: [(flag: String, given: Bool)]) -> Bool {
    scanVia == nil && !exclusive && !scanShaping.contains { $0.given }
  }

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
