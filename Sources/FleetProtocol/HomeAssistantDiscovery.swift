import Beacons
import MRTNavigation
import ProgramOutput

/// Home Assistant's MQTT discovery configs of one node: per beacon it hears, a distance sensor
/// whose attributes are the whole state (``BeaconStatePayload``); per beacon it expects
/// (`--expect`), a problem sensor; for a broadcaster, a "running" sensor of the node itself.
///
/// The device is the beacon (named after its station when it has one), so the entities of every
/// node that hears it gather on one device page: "Distance (pi-platform-1)", "Distance
/// (pi-concourse)". Each entity's availability is its node's; it expires when its node has said
/// nothing of the beacon for ``expireAfterSeconds``.
package struct HomeAssistantDiscovery {
  package var topics: FleetTopics
  /// A beacon not reported for this long shows as unavailable: at least
  /// ``minimumExpireAfterSeconds``, and two of the node's heartbeats, so that a beacon standing
  /// still, told of once per heartbeat, does not flicker.
  package var expireAfterSeconds = Self.minimumExpireAfterSeconds

  package init(topics: FleetTopics, expireAfterSeconds: Int = Self.minimumExpireAfterSeconds) {
    self.topics = topics
    self.expireAfterSeconds = expireAfterSeconds
  }
  /// What the config's origin block names as its source.
  package static let originName = "beacon-toolkit"

  /// The shortest expiry of a beacon's entity, in seconds.
  package static let minimumExpireAfterSeconds = 120

  /// The expiry for a node whose heartbeat is `heartbeat`.
  package static func expireAfterSeconds(heartbeat: Duration) -> Int {
    max(minimumExpireAfterSeconds, 2 * Int(min(heartbeat.components.seconds, 1 << 40)))
  }

  package func config(for identity: BeaconIdentity, station: Station?) -> String {
    var object = sensor(
      "Distance", id: "", topic: topics.state(of: identity), template: "{{ value_json.distance }}",
      deviceClass: "distance", of: identity)
    object.add("unit_of_measurement", "m")
    object.add("state_class", "measurement")
    object.add("expire_after", expireAfterSeconds)
    addCommonFields(to: &object, device: Self.device(of: identity, station: station))
    return object.line
  }

  /// The config of an expected beacon's problem sensor (`--expect`): on while its health is
  /// not ok, the health's fields as attributes.
  package func healthConfig(for identity: BeaconIdentity, station: Station?) -> String {
    var object = sensor(
      "Beacon problem", id: "-health", topic: topics.health(of: identity),
      template: "{{ 'OFF' if value_json.status == 'ok' else 'ON' }}", deviceClass: "problem", of: identity)
    addCommonFields(to: &object, device: Self.device(of: identity, station: station))
    return object.line
  }

  /// The fields every entity of a beacon on this node starts with: its name and id on this node,
  /// its state from `template` over `topic`'s messages, and the whole message as attributes.
  private func sensor(
    _ name: String, id suffix: String, topic: String, template: String, deviceClass: String,
    of identity: BeaconIdentity
  ) -> JSONLine {
    var object = JSONLine()
    object.add("name", "\(name) (\(topics.node))")
    object.add("unique_id", "beacon-toolkit-\(topics.node)-\(FleetTopics.key(for: identity))\(suffix)")
    object.add("state_topic", topic)
    object.add("value_template", template)
    object.add("json_attributes_topic", topic)
    object.add("device_class", deviceClass)
    return object
  }

  /// The config of a broadcaster's "running" sensor (`beacon-broadcast --mqtt`): on while it
  /// advertises, what it advertises as attributes. Its device is the node.
  package func broadcastConfig() -> String {
    let device = nodeDevice(program: "beacon-broadcast")
    var object = JSONLine()
    object.add("name", "Advertising")
    object.add("unique_id", "beacon-toolkit-\(topics.node)-broadcast")
    object.add("state_topic", topics.broadcast)
    object.add("value_template", "{{ 'ON' if value_json.state == 'advertising' else 'OFF' }}")
    object.add("json_attributes_topic", topics.broadcast)
    object.add("device_class", "running")
    addCommonFields(to: &object, device: device)
    return object.line
  }

  /// The config of the diagnostic sensor of one field of the node's telemetry
  /// (``NodeTelemetry/fields``); its device is the node.
  package func telemetryConfig(key: String, name: String, unit: String?, deviceClass: String?) -> String {
    var object = JSONLine()
    object.add("name", name)
    object.add("unique_id", "beacon-toolkit-\(topics.node)-telemetry-\(key.lowercased())")
    object.add("state_topic", topics.telemetry)
    object.add("value_template", "{{ value_json.\(key) }}")
    object.add("entity_category", "diagnostic")
    if let unit {
      object.add("unit_of_measurement", unit)
      object.add("state_class", "measurement")
    }
    if let deviceClass { object.add("device_class", deviceClass) }
    addCommonFields(to: &object, device: nodeDevice(program: "beacon-scan"))
    return object.line
  }

  /// The config of the judge's problem sensor of beacon `key` (`beacon-fleet`; this node is the
  /// judge): on while a verdict (dead, unheard, cloned) stands, the verdict as attributes. Its
  /// device is the beacon's, which the nodes' entities of it share.
  package func beaconVerdictConfig(key: String, station: Station?) -> String {
    var device = JSONLine()
    device.add("identifiers", strings: ["beacon-toolkit-\(key)"])
    if let station { device.add("name", "\(station.displayName) beacon") }
    return verdictConfig(subject: "beacon-\(key)", topic: topics.verdict(onBeacon: key), device: device)
  }

  /// The config of the judge's problem sensor of node `name`: on while it is judged deaf. Its
  /// device is the node's, which the node's own telemetry sensors share.
  package func nodeVerdictConfig(node name: String) -> String {
    var device = JSONLine()
    device.add("identifiers", strings: ["beacon-toolkit-node-\(name)"])
    return verdictConfig(subject: "node-\(name)", topic: topics.verdict(onNode: name), device: device)
  }

  private func verdictConfig(subject: String, topic: String, device: JSONLine) -> String {
    var object = JSONLine()
    object.add("name", "Fleet verdict (\(topics.node))")
    object.add("unique_id", "beacon-toolkit-\(topics.node)-verdict-\(subject)")
    object.add("state_topic", topic)
    object.add("value_template", "{{ 'OFF' if value_json.verdict == 'ok' else 'ON' }}")
    object.add("json_attributes_topic", topic)
    object.add("device_class", "problem")
    addCommonFields(to: &object, device: device)
    return object.line
  }

  /// The node as a Home Assistant device, named after the program that runs on it.
  private func nodeDevice(program: String) -> JSONLine {
    var device = JSONLine()
    device.add("identifiers", strings: ["beacon-toolkit-node-\(topics.node)"])
    device.add("name", "\(program) \(topics.node)")
    device.add("model", program)
    device.add("sw_version", ToolkitVersion.current)
    return device
  }

  /// Availability, the device and the origin: the same in every config.
  private func addCommonFields(to object: inout JSONLine, device: JSONLine) {
    var originBlock = JSONLine()
    originBlock.add("name", Self.originName)
    object.add("availability_topic", topics.availability)
    object.add("payload_available", "online")
    object.add("payload_not_available", "offline")
    object.add("device", object: device)
    object.add("origin", object: originBlock)
  }

  /// A beacon as a Home Assistant device, named after its station when it has one.
  private static func device(of identity: BeaconIdentity, station: Station?) -> JSONLine {
    var device = JSONLine()
    device.add("identifiers", strings: ["beacon-toolkit-\(FleetTopics.key(for: identity))"])
    device.add("name", station.map { "\($0.displayName) beacon" } ?? deviceName(identity))
    device.add("model", model(identity))
    return device
  }

  private static func model(_ identity: BeaconIdentity) -> String { identity.kind.displayName }

  private static func deviceName(_ identity: BeaconIdentity) -> String {
    "\(model(identity)) \(identity.shortText)"
  }
}
