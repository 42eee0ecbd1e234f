import BeaconScanning
import FleetProtocol
import ScanSession

extension ScanRun {
  /// What the node's telemetry says of the controller `finder` reads (named `name`, by default
  /// the run's source): the run's ``ScanSourceState`` in the telemetry's words.
  func controllerStatus(of finder: HCIBeaconFinder, named name: String? = nil) -> () ->
    NodeTelemetrySchedule.ControllerStatus
  {
    let name = name ?? sourceName
    let state = sourceState(of: finder)
    return {
      switch state() {
      case .replaying:
        return NodeTelemetrySchedule.ControllerStatus(controller: name, state: "replaying")
      case .reconnecting:
        return NodeTelemetrySchedule.ControllerStatus(controller: name, state: "reconnecting")
      case .scanning(let duty):
        return NodeTelemetrySchedule.ControllerStatus(controller: name, state: "scanning", scanDutyPercent: duty)
      case .listening:
        return NodeTelemetrySchedule.ControllerStatus(controller: name, state: "listening")
      }
    }
  }
}
