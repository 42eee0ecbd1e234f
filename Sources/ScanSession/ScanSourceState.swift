/// What a scan run's source is doing now (``ScanRun/sourceState(of:)``), for whoever reports on
/// it: a fleet node's telemetry.
package enum ScanSourceState: Hashable, Sendable {
  /// A capture is being replayed.
  case replaying
  /// The controller is gone, and a `--reconnect` run waits for it.
  case reconnecting
  /// This program has the controller scan, `dutyPercent` of the time.
  case scanning(dutyPercent: Double)
  /// Another scans (bluetoothd's discovery, or whoever the monitor channel hears).
  case listening
}
