import BluetoothTypes
import FleetJudging
import MRTNavigation
import ProgramOutput

/// The fleet's judge on the broker (`beacon-fleet`): each verdict given or withdrawn, retained
/// under `PREFIX/JUDGE/verdicts/` (``FleetTopics/verdict(onBeacon:)``,
/// ``FleetTopics/verdict(onNode:)``), `ok` once withdrawn; and, announcing to Home Assistant, a
/// problem sensor for each expected beacon, each node the judge hears from, and each other beacon
/// a verdict names.
///
/// A judge that has just started knows nothing: it says `ok` of a beacon or node only once it
/// has judged for a silent-after (``settle(at:)``), and until then leaves what an earlier judge
/// retained.
package final class FleetVerdictPublisher {
  private let publisher: MQTTPublisher
  private let topics: FleetTopics
  private let discovery: HomeAssistantDiscovery?
  /// The expected station beacons, by key.
  private let stations: [String: Station]
  private var announcedBeacons: Set<String> = []
  private var announcedNodes: Set<String> = []
  /// The last payload of each verdict topic, sent again when the broker may have forgotten it.
  private var told: [String: String] = [:]
  private var settled = false

  /// The most subjects (beacons and nodes) announced and remembered; past it, verdicts are still
  /// published, but no new sensor is announced (a flood of cloned identities stays bounded).
  package static let maximumSubjects = 8192

  package init(
    publisher: MQTTPublisher, topics: FleetTopics, announcesToHomeAssistant: Bool, stations: [String: Station]
  ) {
    self.publisher = publisher
    self.topics = topics
    self.stations = stations
    discovery = announcesToHomeAssistant ? HomeAssistantDiscovery(topics: topics) : nil
    for key in stations.keys.sorted() { announce(beacon: key) }
  }

  /// Announces the nodes not announced yet (and, once settled, says `ok` of them).
  package func announce(nodes: [String], at time: Timestamp) {
    for name in nodes where !announcedNodes.contains(name) {
      guard announcedNodes.count + announcedBeacons.count < Self.maximumSubjects, FleetTopics.isValidNode(name)
      else { continue }
      announcedNodes.insert(name)
      if let discovery {
        let config = discovery.nodeVerdictConfig(node: name)
        publisher.append(topic: topics.verdictDiscoveryConfig(onNode: name), retain: true) { Array(config.utf8) }
      }
      if settled, told[topics.verdict(onNode: name)] == nil { tell(topics.verdict(onNode: name), Self.ok(at: time)) }
    }
  }

  private func announce(beacon key: String) {
    guard !announcedBeacons.contains(key), announcedNodes.count + announcedBeacons.count < Self.maximumSubjects,
      FleetTopics.isValidNode(key)
    else { return }
    announcedBeacons.insert(key)
    guard let discovery else { return }
    let config = discovery.beaconVerdictConfig(key: key, station: stations[key])
    publisher.append(topic: topics.verdictDiscoveryConfig(onBeacon: key), retain: true) { Array(config.utf8) }
  }

  /// Publishes the change: the verdict when given, `ok` when withdrawn.
  package func publish(_ change: FleetVerdictChange) {
    let verdict: FleetVerdict
    var payload: JSONLine
    switch change {
    case .given(let given, let time):
      verdict = given
      payload = given.json(stations: stations)
      payload.add("since", time.iso8601)
    case .withdrawn(let withdrawn, let time):
      verdict = withdrawn
      payload = Self.ok(at: time)
    }
    switch verdict {
    case .dead(let beacon), .unheard(let beacon), .cloned(let beacon, _):
      announce(beacon: beacon)
      tell(topics.verdict(onBeacon: beacon), payload)
    case .deaf(let node):
      tell(topics.verdict(onNode: node), payload)
    }
  }

  /// After a silent-after of judging: `ok` of each announced beacon and node of which nothing
  /// was said yet.
  package func settle(at time: Timestamp) {
    guard !settled else { return }
    settled = true
    for key in announcedBeacons.sorted() where told[topics.verdict(onBeacon: key)] == nil {
      tell(topics.verdict(onBeacon: key), Self.ok(at: time))
    }
    for name in announcedNodes.sorted() where told[topics.verdict(onNode: name)] == nil {
      tell(topics.verdict(onNode: name), Self.ok(at: time))
    }
  }

  /// Everything again: Home Assistant restarted, or a broker without persistence came back.
  package func announceAgain(at time: Timestamp) {
    let beacons = announcedBeacons
    announcedBeacons = []
    for key in beacons.sorted() { announce(beacon: key) }
    let nodes = announcedNodes
    announcedNodes = []
    announce(nodes: nodes.sorted(), at: time)
    for (topic, payload) in told.sorted(by: { $0.key < $1.key }) {
      publisher.append(topic: topic, retain: true) { Array(payload.utf8) }
    }
  }

  private func tell(_ topic: String, _ payload: JSONLine) {
    let text = payload.line
    if told[topic] != nil || told.count < Self.maximumSubjects { told[topic] = text }
    publisher.append(topic: topic, retain: true) { Array(text.utf8) }
  }

  private static func ok(at time: Timestamp) -> JSONLine {
    var payload = JSONLine()
    payload.add("verdict", "ok")
    payload.add("since", time.iso8601)
    return payload
  }
}
