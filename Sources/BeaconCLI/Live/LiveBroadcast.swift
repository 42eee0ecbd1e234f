import Beacons
import BeaconScanning
import MRTNavigation
import BeaconStatistics
import BluetoothTypes
import HCICodec
import HCIController
import HCITransportCore
import LinuxHCITransports

/// `beacon-broadcast -i DEVICE`: advertise each plan in turn (one, or a route's stations), then
/// leave the controller not advertising, also on Ctrl-C and SIGTERM.
struct LiveBroadcast {
  var spec: TransportSpec
  var exclusive: Bool
  var preference: CommandSetPreference
  var plans: [BroadcastPlan]
  /// How long each plan is advertised; `nil`: until stopped (the last plan of a route too).
  var dwell: Duration?
  /// The whole run's limit.
  var duration: Duration?
  var format: OutputFormat

  func run(output: StandardOutput) throws {
    let name = spec.description
    let session = try ControllerConnector.openSession(
      spec, exclusive: exclusive, preference: preference, program: "beacon-broadcast")
    defer { session.shutdown() }
    let clock = ContinuousClock()
    let end = duration.map { clock.now.advanced(by: $0) }
    do {
      StandardOutput.warn("beacon-broadcast: \(name): \(try session.start())")
      for (index, plan) in plans.enumerated() where !StopSignal.isRequested {
        try session.startAdvertising(data: plan.frame.advertisingData, interval: plan.interval)
        let isLast = index == plans.count - 1
        let execution = BroadcastPlan.Execution.live(
          device: name, commandSet: session.advertisingCommandSet.description,
          dwellSeconds: dwell.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 })
        if index > 0, format == .text { output.writeLine("") }
        for line in try plan.lines(format: format, execution: execution) { output.writeLine(line) }
        output.flush()
        let stepEnd = dwell.map { clock.now.advanced(by: $0) }
        try wait(session: session, until: [stepEnd, end].compactMap { $0 }.min(), clock: clock)
        if let end, clock.now >= end { break }
        if !isLast { try session.stopAdvertising() }
      }
    } catch {
      StandardOutput.warn("beacon-broadcast: \(error)")
      throw ExitStatus.unavailable
    }
    session.shutdown()
    StandardOutput.warn("beacon-broadcast: \(name): advertising stopped")
  }

  /// Waits until `deadline` (or a stop signal), reading whatever the controller sends meanwhile
  /// so that a controller that goes away is noticed.
  private func wait(session: ControllerSession, until deadline: ContinuousClock.Instant?, clock: ContinuousClock)
    throws(ControllerError)
  {
    while !StopSignal.isRequested {
      if let deadline, clock.now >= deadline { return }
      _ = try session.nextPacket(timeout: .milliseconds(100))
    }
  }
}
