import BluetoothTypes
import POSIXSupport

/// When the node's telemetry is due, and what goes into it that only time and the run know:
/// the uptime, the reports heard since the last telemetry, the controller's state.
///
/// Time here is the wall clock's (the process's), not the capture's: telemetry is about this
/// process, so a replay sends its first telemetry at the start and its last at the end.
package struct NodeTelemetrySchedule {
  /// What the run says of its controller: its name, its state, the duty it scans at (`nil`
  /// when this program does not scan).
  package struct ControllerStatus: Equatable {
    package var controller: String
    package var state: String
    package var scanDutyPercent: Double?

    package init(controller: String, state: String, scanDutyPercent: Double? = nil) {
      self.controller = controller
      self.state = state
      self.scanDutyPercent = scanDutyPercent
    }
  }

  package let interval: Duration
  private let clock = ContinuousClock()
  private let started: ContinuousClock.Instant
  private var lastSent: ContinuousClock.Instant?
  private var reportsSinceLast = 0

  package init(interval: Duration) {
    self.interval = interval
    started = clock.now
  }

  /// Counts one beacon report heard.
  package mutating func countReport() { reportsSinceLast += 1 }

  /// Whether a telemetry is due now: the first at once, then one per ``interval``.
  package func isDue() -> Bool {
    guard let lastSent else { return true }
    return clock.now - lastSent >= interval
  }

  /// The telemetry for now, from the run's `status` and the reporter's counts; restarts the
  /// count of reports.
  package mutating func take(
    status: ControllerStatus, beaconsTracked: Int, queueDepth: Int, dropped: Int
  ) -> NodeTelemetry {
    let now = clock.now
    let since = lastSent ?? started
    let seconds = (now - since).secondsValue
    let telemetry = NodeTelemetry(
      uptimeSeconds: (now - started).secondsValue, controller: status.controller,
      controllerState: status.state, reportsPerSecond: seconds > 0 ? Double(reportsSinceLast) / seconds : 0,
      beaconsTracked: beaconsTracked, queueDepth: queueDepth, dropped: dropped,
      peakResidentMiB: peakResidentBytes().map { Double($0) / 1_048_576 }, scanDutyPercent: status.scanDutyPercent)
    lastSent = now
    reportsSinceLast = 0
    return telemetry
  }
}
