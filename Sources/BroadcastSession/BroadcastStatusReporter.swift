import FleetProtocol
import HCITransportCore

/// `beacon-broadcast --mqtt`: the broadcaster's own status, retained on `PREFIX/NODE/broadcast`
/// (what it advertises, with `state` `advertising` or `stopped` and `since`), the node's
/// availability, and a Home Assistant "running" sensor for the node.
package final class BroadcastStatusReporter {
  private let publisher: MQTTPublisher
  private let discovery: HomeAssistantDiscovery?
  /// The latest status, sent again after a reconnection (a broker without persistence forgets it).
  private var status: String?

  package init(publisher: MQTTPublisher, discovery: Bool) {
    self.publisher = publisher
    self.discovery = discovery ? HomeAssistantDiscovery(topics: publisher.topics) : nil
    publisher.onReconnected = { [unowned self] in resend() }
    publisher.onHomeAssistantOnline = { [unowned self] in sendConfig() }
    sendConfig()
  }

  /// Publishes that `plan` is advertised from now on.
  package func advertising(_ plan: BroadcastPlan, execution: BroadcastPlan.Execution) throws {
    try publish(plan, state: "advertising", execution: execution)
  }

  /// Publishes that advertising stopped, then finishes (availability `offline`).
  package func stopped(_ plan: BroadcastPlan?, execution: BroadcastPlan.Execution) throws {
    if let plan { try publish(plan, state: "stopped", execution: execution) }
    publisher.finish()
  }

  /// Lets the publisher take its news and send what waits; the broadcaster's loop calls it.
  package func pump() { publisher.pump() }

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
    guard let discovery else { return }
    publisher.append(topic: publisher.topics.broadcastDiscoveryConfig, retain: true) {
      Array(discovery.broadcastConfig().utf8)
    }
  }
}
