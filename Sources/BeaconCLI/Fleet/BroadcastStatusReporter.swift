import HCITransportCore

/// `beacon-broadcast --mqtt`: the broadcaster's own status, retained on `PREFIX/NODE/broadcast`
/// (what it advertises, with `state` `advertising` or `stopped` and `since`), the node's
/// availability, and a Home Assistant "running" sensor for the node.
final class BroadcastStatusReporter {
  private let publisher: MQTTPublisher
  private let discovery: Bool
  /// The latest status, sent again after a reconnection (a broker without persistence forgets it).
  private var status: String?

  init(publisher: MQTTPublisher, discovery: Bool) {
    self.publisher = publisher
    self.discovery = discovery
    publisher.onReconnected = { [unowned self] in resend() }
    publisher.onMessage = { [unowned self] topic, payload in
      if topic == publisher.topics.homeAssistantStatus, payload == Array("online".utf8) { sendConfig() }
    }
    sendConfig()
  }

  /// Publishes that `plan` is advertised from now on.
  func advertising(_ plan: BroadcastPlan, execution: BroadcastPlan.Execution) throws {
    try publish(plan, state: "advertising", execution: execution)
  }

  /// Publishes that advertising stopped, then finishes (availability `offline`).
  func stopped(_ plan: BroadcastPlan?, execution: BroadcastPlan.Execution) throws {
    if let plan { try publish(plan, state: "stopped", execution: execution) }
    publisher.finish()
  }

  /// Lets the publisher take its news and send what waits; the broadcaster's loop calls it.
  func pump() { publisher.pump() }

  private func publish(_ plan: BroadcastPlan, state: String, execution: BroadcastPlan.Execution) throws {
    var object = try plan.jsonObject(execution: execution)
    object.add("state", state)
    object.add("since", WallClock.now().iso8601)
    object.add("node", publisher.topics.node)
    let text = object.line
    status = text
    publisher.append(topic: publisher.topics.broadcast, retain: true) { Array(text.utf8) }
    publisher.pump()
  }

  private func resend() {
    sendConfig()
    if let status { publisher.append(topic: publisher.topics.broadcast, retain: true) { Array(status.utf8) } }
  }

  private func sendConfig() {
    guard discovery else { return }
    let topics = publisher.topics
    var device = JSONLine()
    device.add("identifiers", strings: ["beacon-toolkit-node-\(topics.node)"])
    device.add("name", "beacon-broadcast \(topics.node)")
    device.add("model", "beacon-broadcast")
    var origin = JSONLine()
    origin.add("name", HomeAssistantDiscovery.originName)
    var object = JSONLine()
    object.add("name", "Advertising")
    object.add("unique_id", "beacon-toolkit-\(topics.node)-broadcast")
    object.add("state_topic", topics.broadcast)
    object.add("value_template", "{{ 'ON' if value_json.state == 'advertising' else 'OFF' }}")
    object.add("json_attributes_topic", topics.broadcast)
    object.add("device_class", "running")
    object.add("availability_topic", topics.availability)
    object.add("payload_available", "online")
    object.add("payload_not_available", "offline")
    object.add("device", object: device)
    object.add("origin", object: origin)
    let text = object.line
    publisher.append(topic: topics.broadcastDiscoveryConfig, retain: true) { Array(text.utf8) }
  }
}
