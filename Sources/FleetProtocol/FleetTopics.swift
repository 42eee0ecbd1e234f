import Beacons

/// The MQTT topics of one node (one scanner or broadcaster) in the fleet.
///
/// - `PREFIX/NODE/availability`: `online` or `offline`, retained; the last will sets `offline`
///   when the node dies without a word.
/// - `PREFIX/NODE/beacons/KEY`: a beacon's state as JSON (``BeaconStatePayload``).
/// - `PREFIX/NODE/health/KEY`: an expected beacon's health (`--expect`), retained.
/// - `PREFIX/NODE/broadcast`: what a broadcaster advertises, retained.
/// - `DISCOVERY/sensor/NODE/KEY/config`: Home Assistant's discovery config for the beacon's
///   entity on this node, retained; an empty retained payload removes it.
/// - `DISCOVERY/binary_sensor/NODE/KEY/config`: the config of an expected beacon's problem sensor.
/// - `DISCOVERY/binary_sensor/NODE/broadcast/config`: a broadcaster's "running" sensor.
/// - `PREFIX/JUDGE/verdicts/beacons/KEY`, `PREFIX/JUDGE/verdicts/nodes/NODE`: the fleet's judge's
///   verdict on a beacon or a node (`beacon-fleet`), retained; `DISCOVERY/binary_sensor/JUDGE/…`
///   their problem sensors.
/// - `DISCOVERY/status`: where Home Assistant says `online` when it starts, so configs are sent again.
///
/// With the ESPresense layout (``Layout/espresense``), what ESPresense's own nodes publish
/// instead, so that its companion and Home Assistant's `mqtt_room` take these scanners as rooms:
/// `espresense/rooms/NODE/status` (availability, last will) and `espresense/devices/ID/NODE`
/// (a beacon's state, ``BeaconStatePayload/espresenseJSON(_:station:)``).
package struct FleetTopics: Hashable, Sendable {
  /// Which tree of topics.
  package enum Layout: String, Hashable, Sendable, CaseIterable {
    /// This toolkit's: `PREFIX/NODE/…` and Home Assistant discovery.
    case native
    /// ESPresense's: `espresense/rooms/NODE/status`, `espresense/devices/ID/NODE`.
    case espresense
  }

  /// The first level of every topic but discovery's; `beacon-toolkit` by default.
  package var prefix: String
  /// This node's name: letters, digits, `_` and `-` (Home Assistant's rule for node ids).
  package var node: String
  /// Home Assistant's discovery prefix; `homeassistant` by default.
  package var discoveryPrefix: String
  package var layout: Layout = .native

  package init(prefix: String, node: String, discoveryPrefix: String, layout: Layout = .native) {
    self.prefix = prefix
    self.node = node
    self.discoveryPrefix = discoveryPrefix
    self.layout = layout
  }

  package var availability: String {
    switch layout {
    case .native: return "\(prefix)/\(node)/availability"
    case .espresense: return "espresense/rooms/\(node)/status"
    }
  }
  package var broadcast: String { "\(prefix)/\(node)/broadcast" }
  /// The node's telemetry (``NodeTelemetry``): `PREFIX/NODE/telemetry`, or ESPresense's
  /// `espresense/rooms/NODE/telemetry`.
  package var telemetry: String {
    switch layout {
    case .native: return "\(prefix)/\(node)/telemetry"
    case .espresense: return "espresense/rooms/\(node)/telemetry"
    }
  }
  /// Where the node's settings in force are echoed, retained (``NodeSettings``).
  package var settings: String { "\(prefix)/\(node)/config" }
  /// Where the operator sets this node's settings.
  package var settingsSet: String { "\(prefix)/\(node)/config/set" }
  /// Where the operator sets every node's settings at once.
  package var allSettingsSet: String { "\(prefix)/\(Self.everyNode)/config/set" }
  /// Where a settings message that changed nothing is answered.
  package var settingsError: String { "\(prefix)/\(node)/config/error" }
  /// The node name that means every node, so no node may have it.
  package static let everyNode = "all"

  /// The discovery config of one telemetry field's diagnostic sensor.
  package func telemetryDiscoveryConfig(of field: String) -> String {
    "\(discoveryPrefix)/sensor/\(node)/telemetry-\(field.lowercased())/config"
  }
  package var broadcastDiscoveryConfig: String { "\(discoveryPrefix)/binary_sensor/\(node)/broadcast/config" }
  package var homeAssistantStatus: String { "\(discoveryPrefix)/status" }

  package func state(of identity: BeaconIdentity) -> String {
    switch layout {
    case .native: return "\(prefix)/\(node)/beacons/\(Self.key(for: identity))"
    case .espresense: return "espresense/devices/\(BeaconStatePayload.espresenseID(identity))/\(node)"
    }
  }

  package func discoveryConfig(of identity: BeaconIdentity) -> String {
    "\(discoveryPrefix)/sensor/\(node)/\(Self.key(for: identity))/config"
  }

  /// The judge's verdict on beacon `key` (this node being the judge).
  package func verdict(onBeacon key: String) -> String { "\(prefix)/\(node)/verdicts/beacons/\(key)" }
  /// The judge's verdict on node `name`.
  package func verdict(onNode name: String) -> String { "\(prefix)/\(node)/verdicts/nodes/\(name)" }
  package func verdictDiscoveryConfig(onBeacon key: String) -> String {
    "\(discoveryPrefix)/binary_sensor/\(node)/beacon-verdict-\(key)/config"
  }
  package func verdictDiscoveryConfig(onNode name: String) -> String {
    "\(discoveryPrefix)/binary_sensor/\(node)/node-verdict-\(name)/config"
  }

  package func health(of identity: BeaconIdentity) -> String { "\(prefix)/\(node)/health/\(Self.key(for: identity))" }

  package func healthDiscoveryConfig(of identity: BeaconIdentity) -> String {
    "\(discoveryPrefix)/binary_sensor/\(node)/\(Self.key(for: identity))/config"
  }

  /// A beacon's name in topics and ids, in lower case: its kind (``BeaconKind``'s raw value),
  /// then its identity's parts: `ibeacon-UUID-MAJOR-MINOR`, `altbeacon-ID1-ID2-ID3`,
  /// `eddystone-uid-NAMESPACE-INSTANCE`.
  package static func key(for identity: BeaconIdentity) -> String {
    let parts: String
    switch identity {
    case .iBeacon(let uuid, let major, let minor), .altBeacon(let uuid, let major, let minor):
      parts = "\(uuid)-\(major)-\(minor)"
    case .eddystoneUID(let namespace, let instance):
      parts = "\(namespace)-\(EddystoneUID.instanceText(instance))"
    }
    return "\(identity.kind.rawValue)-\(parts.lowercased())"
  }

  /// Whether `name` can be a node: 1–64 of letters, digits, `_` and `-`.
  package static func isValidNode(_ name: String) -> Bool {
    (1...64).contains(name.utf8.count) && name.utf8.allSatisfy(isNodeByte)
  }

  /// `name` made a valid node: other characters (a host name's dots) become `-`.
  package static func node(from name: String) -> String {
    let bytes = name.utf8.prefix(64).map { isNodeByte($0) ? $0 : UInt8(ascii: "-") }
    return bytes.isEmpty ? "beacon-node" : String(decoding: bytes, as: UTF8.self)
  }

  /// An ASCII letter or digit, `_` or `-`: Home Assistant's rule for node ids.
  private static func isNodeByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: "-")
  }

  /// Whether `topic` can be a prefix: one or more levels, none empty (so no leading, trailing or
  /// double `/`), without the wildcards `+` and `#` or NUL, and not starting with `$` (topics
  /// beginning with `$` are the broker's, `$SYS`: a client's messages there go nowhere).
  package static func isValidPrefix(_ topic: String) -> Bool {
    !topic.hasPrefix("$") && !topic.utf8.contains(0) && !topic.contains("+") && !topic.contains("#")
      && topic.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty }
  }
}
