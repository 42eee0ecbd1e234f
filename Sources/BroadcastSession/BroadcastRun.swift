import BeaconAdvertising
import Beacons
import BluetoothdClient
import HCIController
import LinuxHCITransports
import ProgramOutput
import ScanSession
import ServiceManager

#if canImport(Glibc)
  import Glibc
#endif

/// `beacon-broadcast -i DEVICE`: advertise each plan in turn (one, or a route's stations), then
/// leave the controller not advertising, also on Ctrl-C and SIGTERM.
///
/// Under systemd (a `Type=notify` unit) it says it is ready once advertising has started, pings
/// the watchdog while it advertises and says it is stopping before advertising is disabled.
package struct BroadcastRun {
  package var spec: TransportSpec
  package var exclusive: Bool
  package var preference: CommandSetPreference
  /// `--via bluetoothd`: an advertising instance through the kernel's management interface,
  /// beside bluetoothd, instead of HCI commands of our own.
  package var viaBluetoothd = false
  package var plans: [BroadcastPlan]
  /// How long each plan is advertised; `nil`: until stopped (the last plan of a route too).
  package var dwell: Duration?
  /// The whole run's limit.
  package var duration: Duration?
  /// How long to wait before the first plan is advertised (a train not yet in range).
  package var startDelay: Duration? = nil
  package var format: OutputFormat
  /// `--mqtt`: the broadcaster's status on the broker.
  package var status: BroadcastStatusReporter?

  package init(
    spec: TransportSpec, exclusive: Bool, preference: CommandSetPreference, viaBluetoothd: Bool = false,
    plans: [BroadcastPlan], dwell: Duration?, duration: Duration?, startDelay: Duration? = nil, format: OutputFormat,
    status: BroadcastStatusReporter?
  ) {
    self.spec = spec
    self.exclusive = exclusive
    self.preference = preference
    self.viaBluetoothd = viaBluetoothd
    self.plans = plans
    self.dwell = dwell
    self.duration = duration
    self.startDelay = startDelay
    self.format = format
    self.status = status
  }

  package func run(output: StandardOutput) throws {
    StopSignal.install()
    let name = spec.description
    let controller: any RunningBroadcaster
    if viaBluetoothd, case .kernel(let device) = spec {
      controller = ManagementBeaconBroadcaster(device: device)
    } else {
      let session = ControllerOpener(
        spec: spec, exclusive: exclusive, preference: preference, program: "beacon-broadcast"
      ).broadcaster()
      session.onControllerStarted = { StandardError.writeLine("beacon-broadcast: \(name): \($0)", priority: .info) }
      controller = session
    }
    defer { controller.close() }
    let broadcaster: any BeaconBroadcaster = controller
    let clock = ContinuousClock()
    let end = duration.map { clock.now.advanced(by: $0) }
    let service = ServiceNotifier()
    var lastAdvertised: (plan: BroadcastPlan, execution: BroadcastPlan.Execution)?
    if let startDelay, startDelay > .zero {
      StandardError.writeLine("beacon-broadcast: \(name): out of range for \(startDelay)", priority: .info)
      let inRange = clock.now.advanced(by: startDelay)
      while clock.now < inRange, !StopSignal.isRequested, end.map({ clock.now < $0 }) ?? true {
        service.pingWatchdogIfDue()
        usleep(100_000)
      }
    }
    // Whatever ends the run (a failure too), the broker hears that advertising stopped.
    defer { try? status?.stopped(lastAdvertised?.plan, execution: lastAdvertised?.execution ?? .dryRun) }
    for (index, plan) in plans.enumerated() where !StopSignal.isRequested {
      guard broadcaster.startBroadcasting(.iBeacon(plan.frame), interval: plan.interval.duration) == .broadcasting
      else { try fail(controller) }
      service.ready(
        status:
          "advertising \(plan.station?.displayName ?? "iBeacon \(plan.frame.major)/\(plan.frame.minor)") on \(name)")
      let isLast = index == plans.count - 1
      let execution = BroadcastPlan.Execution.live(
        device: name, commandSet: controller.advertisingMethod,
        dwellSeconds: dwell.map(\.secondsValue))
      if index > 0, format == .text { output.writeLine("") }
      for line in try plan.lines(format: format, execution: execution) { output.writeLine(line) }
      output.flush()
      try status?.advertising(plan, execution: execution)
      lastAdvertised = (plan, execution)
      let stepEnd = dwell.map { clock.now.advanced(by: $0) }
      // keepAlive polls shouldStop between reads of at most 100 ms.
      let stopped = {
        service.pingWatchdogIfDue()
        status?.pump()
        return StopSignal.isRequested
      }
      guard controller.keepAlive(until: [stepEnd, end].compactMap { $0 }.min(), shouldStop: stopped)
      else { try fail(controller) }
      if let end, clock.now >= end { break }
      if !isLast, broadcaster.stopBroadcasting() == .failed { try fail(controller) }
    }
    service.stopping()
    controller.close()
    StandardError.writeLine("beacon-broadcast: \(name): advertising stopped", priority: .notice)
  }

  /// Says why the controller could not be used, and exits 69.
  private func fail(_ controller: any RunningBroadcaster) throws -> Never {
    StandardError.writeLine(
      "beacon-broadcast: \(controller.failureDescription ?? "\(spec) could not be used")", priority: .error)
    throw ProcessExitStatus.unavailable
  }
}
