import ArgumentParser
import Beacons
import FleetProtocol
import MRTNavigation
import StationCatalogs

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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

  @Flag(
    name: .customLong("mqtt-remote-settings"), inversion: .prefixedNo,
    help: ArgumentHelp(
      "Take settings sent to PREFIX/NODE/config/set and PREFIX/all/config/set (deadband, heartbeat, expected "
        + "stations, scan timing, RSSI offset), keep them across restarts and echo them on PREFIX/NODE/config. Anyone who can "
        + "publish to the broker can send them: on a broker that lets anonymous clients in, turn them off, or give "
        + "the broker the Fleet article's ACL. Default: on, unless \(Self.remoteSettingsVariable)=off (the "
        + "unit's /etc/default/beacon-scan)."))
  var remoteSettingsFlag: Bool?

  /// The environment variable that turns remote settings off where the command line does not
  /// say (the systemd unit's environment file).
  static let remoteSettingsVariable = "BEACON_MQTT_REMOTE_SETTINGS"

  func validate() throws {
    _ = try remoteSettings(environment: ProcessInfo.processInfo.environment)
  }

  /// Whether the node takes settings over MQTT: the flag, else ``remoteSettingsVariable``
  /// (`on`/`off`, also `yes`/`no`, `true`/`false`, `1`/`0`), else on.
  func remoteSettings(environment: [String: String]) throws(ValidationError) -> Bool {
    if let remoteSettingsFlag { return remoteSettingsFlag }
    guard let value = environment[Self.remoteSettingsVariable], !value.isEmpty else { return true }
    switch value.lowercased() {
    case "on", "yes", "true", "1": return true
    case "off", "no", "false", "0": return false
    default:
      throw ValidationError(
        "\(Self.remoteSettingsVariable)=\(value): give on or off (or --mqtt-remote-settings, --no-mqtt-remote-settings)."
      )
    }
  }

  /// When a state is worth publishing, from these options.
  var policy: StatePublishingPolicy {
    StatePublishingPolicy(
      deadband: deadband, heartbeat: .milliseconds(ofSeconds: heartbeat),
      minimumGap: .milliseconds(ofSeconds: interval))
  }

  /// The reporter of `program`'s sightings to `mqtt`'s broker, connecting in the background;
  /// `nil` without `--mqtt`.
  func startReporter(
    _ mqtt: MQTTOptions<MQTTReportingNode>, program: String, catalog: StationCatalog,
    ranging: BeaconRanging.Configuration
  ) throws -> MQTTBeaconReporter? {
    let takesSettings = try remoteSettings(environment: ProcessInfo.processInfo.environment)
    guard let publisher = try mqtt.startPublisher(program: program, layout: layout, takesSettings: takesSettings)
    else {
      return nil
    }
    return MQTTBeaconReporter(
      publisher: publisher, discovery: mqtt.announcesToHomeAssistant(layout: layout),
      policy: policy, telemetryInterval: .milliseconds(ofSeconds: telemetry), catalog: catalog, ranging: ranging)
  }
}

extension FleetTopics.Layout: ExpressibleByArgument {}
