import ProgramOutput

/// What a node says of itself on `PREFIX/NODE/telemetry`, retained, once per
/// `--mqtt-telemetry` and at the end of a run:
///
/// ```json
/// {"version":"0.1.0","uptime":3600,"controller":"hci0","controllerState":"scanning",
///  "reportsPerSecond":41.2,"beaconsTracked":12,"queueDepth":0,"dropped":0,
///  "peakRSSMiB":21.4,"scanDuty":100,"node":"platform-1"}
/// ```
///
/// `reportsPerSecond` counts the beacon reports heard since the telemetry before; `dropped` the
/// messages the broker's queue could not keep since the start; `scanDuty` is the share of time
/// the controller listens, `null` where this program does not scan (a replay, the monitor
/// channel, bluetoothd's discovery).
package struct NodeTelemetry: Equatable {
  package var uptimeSeconds: Double
  package var controller: String
  /// `scanning`, `listening` (another scans), `replaying`, `reconnecting` (the controller went
  /// away), `stopped` (the run's last telemetry).
  package var controllerState: String
  package var reportsPerSecond: Double
  package var beaconsTracked: Int
  package var queueDepth: Int
  package var dropped: Int
  package var peakResidentMiB: Double?
  package var scanDutyPercent: Double?

  /// The telemetry's fields, with the unit and the Home Assistant device class of each sensor.
  package static let fields: [(key: String, name: String, unit: String?, deviceClass: String?)] = [
    ("uptime", "Uptime", "s", "duration"),
    ("controllerState", "Controller", nil, nil),
    ("reportsPerSecond", "Beacon reports per second", "reports/s", nil),
    ("beaconsTracked", "Beacons tracked", nil, nil),
    ("queueDepth", "MQTT queue", "messages", nil),
    ("dropped", "MQTT messages dropped", "messages", nil),
    ("peakRSSMiB", "Peak memory", "MiB", "data_size"),
    ("scanDuty", "Scan duty", "%", nil),
    ("version", "Version", nil, nil),
  ]

  package func json(node: String) -> String {
    var object = JSONLine()
    object.add("version", ToolkitVersion.current)
    // Whole seconds, never trapping: a value no Int holds (not finite) is written as null.
    object.add("uptime", Int(exactly: uptimeSeconds.rounded(.down)))
    object.add("controller", controller)
    object.add("controllerState", controllerState)
    object.add("reportsPerSecond", (reportsPerSecond * 10).rounded() / 10)
    object.add("beaconsTracked", beaconsTracked)
    object.add("queueDepth", queueDepth)
    object.add("dropped", dropped)
    object.add("peakRSSMiB", peakResidentMiB.map { ($0 * 10).rounded() / 10 })
    object.add("scanDuty", scanDutyPercent.map { ($0 * 10).rounded() / 10 })
    object.add("node", node)
    return object.line
  }
}
