import BluetoothdClient
import LinuxHCITransports
import POSIXSupport

/// What `--doctor` recommends: a way to scan here, the exact command, and why; steps to take
/// first (rights, rfkill, power) come before it.
package struct DoctorAdvice: Equatable {
  /// The recommended way: `monitor`, `controller`, `scan-via-bluetoothd`, `other-transport`,
  /// `no-controller`, `blocked`, `power-on`.
  package var mode: String
  /// The command that scans that way (or fixes what stops it).
  package var command: String
  /// Why, in a sentence.
  package var reason: String
  /// What to run before `command`, in order.
  package var firstSteps: [String] = []

  package init(mode: String, command: String, reason: String, firstSteps: [String] = []) {
    self.mode = mode
    self.command = command
    self.reason = reason
    self.firstSteps = firstSteps
  }

  /// The advice for these findings: for the first LE controller, the least disruptive way that
  /// works (listen when bluetoothd already scans, have it scan when it owns the controller;
  /// otherwise scan on the shared raw channel).
  package init(_ findings: DoctorFindings) {
    guard case .available = findings.kernelBluetooth else {
      self.init(
        mode: "other-transport", command: "beacon-scan -i serial:/dev/ttyUSB0",
        reason: "this kernel has no Bluetooth, so no controller can be used through it; load its modules "
          + "(`sudo modprobe bluetooth btusb`) if it has them, or use a controller it need not know: H4 over a "
          + "UART (serial:PATH) or TCP (tcp:HOST:PORT, an emulator), or replay a capture (--replay FILE)")
      return
    }
    guard let controller = findings.leControllers.first else {
      self.init(
        mode: "no-controller", command: "beacon-scan --list-devices",
        reason: "the kernel has Bluetooth but no LE controller: plug in an adapter (see `lsusb` and "
          + "`dmesg | grep -i bluetooth`), then list the controllers again")
      return
    }
    let device = controller.info.index.description
    var steps: [String] = []
    let capabilities = findings.capabilities
    if let capabilities, !capabilities.isRoot, !capabilities.netRaw || !capabilities.netAdmin {
      steps.append("sudo setcap cap_net_raw,cap_net_admin+eip \(findings.executable ?? "$(command -v beacon-scan)")")
    }
    let blocked = controller.rfkill?.isBlocked == true || findings.rfkill.contains { $0.isBlocked }
    if blocked {
      let hard = controller.rfkill?.hardBlocked == true || findings.rfkill.contains { $0.hardBlocked }
      self.init(
        mode: "blocked", command: hard ? "rfkill list bluetooth" : "rfkill unblock bluetooth",
        reason: hard
          ? "\(device)'s radio is blocked by a hardware switch or key: turn it on; software cannot"
          : "\(device)'s radio is blocked by rfkill (airplane mode, or `rfkill block`)", firstSteps: steps)
      return
    }
    if let userChannel = controller.users.first(where: { $0.channel == .user }) {
      self.init(
        mode: "busy", command: "beacon-scan -i \(device)",
        reason: "\(userChannel.program) holds \(device)'s user channel, so nobody else can use it; stop it first",
        firstSteps: steps)
      return
    }
    if case .success(let state)? = controller.bluetoothd {
      guard state.powered else {
        self.init(
          mode: "power-on", command: "bluetoothctl power on",
          reason: "bluetoothd manages \(device) and keeps it off; power it on through bluetoothd, then scan "
            + "(`beacon-scan -i \(device) --scan-via bluetoothd`)", firstSteps: steps)
        return
      }
      if state.discovering {
        self.init(
          mode: "monitor", command: "beacon-scan -i monitor:\(device)",
          reason: "bluetoothd is already discovering on \(device) (for bluetoothctl, Home Assistant or another "
            + "client): listen on the monitor channel and hear its reports without sending a command", firstSteps: steps
        )
        return
      }
      self.init(
        mode: "scan-via-bluetoothd", command: "beacon-scan -i \(device)",
        reason: "bluetoothd manages \(device) and nobody scans: the scan asks bluetoothd to discover (what "
          + "`-i \(device)` does when bluetoothd powers it: `--scan-via bluetoothd`), so that its other clients "
          + "(Home Assistant, bluetoothctl) can scan too; with CAP_NET_ADMIN the kernel also turns the "
          + "controller's duplicate filter off. `--scan-via controller` scans on the raw channel instead, at "
          + "our duty cycle", firstSteps: steps)
      return
    }
    self.init(
      mode: "controller", command: "beacon-scan -i \(device)",
      reason: findings.bluetoothdRuns
        ? "scan \(device) on the raw channel, shared with bluetoothd"
        : "bluetoothd is not running: scan \(device) on the raw channel (brought up if it is down), or take it "
          + "alone with `--exclusive`", firstSteps: steps)
  }
}
