/// Who drives a kernel controller for us: `--scan-via` of `beacon-scan` and `beacon-ride`,
/// `--via` of `beacon-broadcast`.
public enum ControllerDriver: String, CaseIterable, Sendable {
  /// This program, with HCI commands of its own on the raw (or user) channel.
  case controller
  /// bluetoothd: it scans for us (a discovery asked for over D-Bus, the reports read from the
  /// HCI monitor channel), or the kernel advertises for us beside it (the management interface).
  case bluetoothd
}
