import ArgumentParser
import MRTNavigation
import StationCatalogs

/// `beacon-scan`'s own MQTT settings, beside ``MQTTOptions``: how the beacons it hears are
/// published.
struct MQTTScanOptions: ParsableArguments {
  @Option(
    name: .customLong("mqtt-layout"),
    help: ArgumentHelp(
      "native (this toolkit's topics and Home Assistant discovery) or espresense (espresense/devices/ID/NODE and espresense/rooms/NODE/status, for setups built on ESPresense). Either way at most 1024 beacons of no station are tracked and announced.",
      valueName: "layout"))
  var layout: FleetTopics.Layout = .native

  @Option(
    name: .customLong("mqtt-interval"), parsing: .unconditional,
    help: ArgumentHelp(
      "The least time between two states of one beacon, in seconds; \(ValueRange.mqttIntervalSeconds).",
      valueName: "seconds"),
    transform: ValueRange.mqttIntervalSeconds.parse)
  var interval: Double = 1

  @Option(
    name: .customLong("mqtt-deadband"), parsing: .unconditional,
    help: ArgumentHelp(
      "Publish a beacon's state when its smoothed RSSI moves by more than this many dB since the state last "
        + "published (or its proximity changes, or the heartbeat passes); \(ValueRange.mqttDeadbandDecibels).",
      valueName: "dB"),
    transform: ValueRange.mqttDeadbandDecibels.parse)
  var deadband: Double = StatePublishingPolicy.defaultDeadband

  @Option(
    name: .customLong("mqtt-heartbeat"), parsing: .unconditional,
    help: ArgumentHelp(
      "Publish a beacon that is still heard at least this often, in seconds, even when nothing changed: a beacon "
        + "that stands still costs one message per heartbeat; \(ValueRange.mqttHeartbeatSeconds).",
      valueName: "seconds"),
    transform: ValueRange.mqttHeartbeatSeconds.parse)
  var heartbeat: Double = StatePublishingPolicy.defaultHeartbeatSeconds

  @Option(
    name: .customLong("mqtt-telemetry"), parsing: .unconditional,
    help: ArgumentHelp(
      "Publish this node's telemetry (version, uptime, the controller and its state, beacon reports per second, "
        + "beacons tracked, the MQTT queue and its drops, peak memory, scan duty) this often, in seconds, retained "
        + "on PREFIX/NODE/telemetry, with Home Assistant diagnostic sensors; \(ValueRange.mqttTelemetrySeconds).",
      valueName: "seconds"),
    transform: ValueRange.mqttTelemetrySeconds.parse)
  var telemetry: Double = 60

  /// When a state is worth publishing, from these options.
  var policy: StatePublishingPolicy {
    StatePublishingPolicy(
      deadband: deadband, heartbeat: .milliseconds(ofSeconds: heartbeat),
      minimumGap: .milliseconds(ofSeconds: interval))
  }

  /// The reporter of `program`'s sightings to `mqtt`'s broker, connecting in the background;
  /// `nil` without `--mqtt`.
  func startReporter(_ mqtt: MQTTOptions, program: String, catalog: StationCatalog) throws -> MQTTBeaconReporter? {
    guard let publisher = try mqtt.startPublisher(program: program, layout: layout, takesSettings: true) else {
      return nil
    }
    return MQTTBeaconReporter(
      publisher: publisher, discovery: mqtt.announcesToHomeAssistant(layout: layout),
      policy: policy, telemetryInterval: .milliseconds(ofSeconds: telemetry), catalog: catalog)
  }
}

extension FleetTopics.Layout: ExpressibleByArgument {}
