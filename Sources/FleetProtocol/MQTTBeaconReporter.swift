import Beacons
import BluetoothTypes
import MRTNavigation
import MosquittoClient

#if canImport(Glibc)
  import Glibc
#endif

/// Publishes what a scan finds to an MQTT broker, as one node of a fleet: each beacon's state
/// (``BeaconStatePayload``) when it changed or a heartbeat passed (``StatePublishingPolicy``, in
/// sighting time), this node's availability, and Home Assistant discovery configs
/// (``HomeAssistantDiscovery``).
///
/// **The scan never waits for the broker.** Messages go through an ``MQTTPublisher``: a queue of
/// the latest message per topic, handed to the session while it is connected and not busy; what
/// cannot be kept is dropped and counted. At the end, what waits is sent, then the availability
/// becomes `offline` and the session says goodbye.
///
/// **Memory is bounded, and so are the entities left on the broker.** Beacons are ranged by
/// ``BeaconRanging`` (smoothed RSSI, distance) in two groups: the stations' beacons, which
/// strangers never push out, and at most ``maximumStrangers`` others, the one heard longest ago
/// giving way. A beacon that falls silent keeps its entity (Home Assistant shows it unavailable
/// after ``HomeAssistantDiscovery/expireAfterSeconds``, two heartbeats or more). At most ``maximumStrangers`` strangers
/// are announced at once: when a new one would pass that, the quarter reported longest ago are
/// forgotten and their entities removed (empty retained configs), so a flood of random identities
/// leaves at most that many entities behind. A station's entity is never removed.
package final class MQTTBeaconReporter: BeaconFinderDelegate {
  /// The most beacons of no station tracked, and announced, at once.
  package static let maximumStrangers = 1024

  /// The beacons of one kind (stations', or the others): their ranging, and those announced with
  /// the state last published (announcing a beacon publishes its first state).
  private struct Group {
    package var ranging: BeaconRanging
    package var announced: [BeaconIdentity: StatePublishingPolicy.Published] = [:]
  }

  /// When a state is worth a message; changed by remote settings. A new heartbeat changes Home
  /// Assistant's expiry of the beacons' entities, so their configs are sent again.
  package var policy: StatePublishingPolicy {
    didSet {
      guard policy.heartbeat != oldValue.heartbeat, discovery != nil else { return }
      discovery?.expireAfterSeconds = HomeAssistantDiscovery.expireAfterSeconds(heartbeat: policy.heartbeat)
      sendAllConfigs()
    }
  }
  package let publisher: MQTTPublisher
  private let catalog: StationCatalog
  private var discovery: HomeAssistantDiscovery?
  private var stations: Group
  private var strangers: Group
  /// Strangers' entities removed to keep at most ``maximumStrangers``.
  private(set) var removedStrangers = 0
  /// When the tracked states were last swept for ones not yet published.
  private var lastSweep: Timestamp?
  /// The stations `--expect` watches: their problem sensors are announced on every connection.
  private var expectedStations: [Station] = []
  /// When the node's telemetry is due (``NodeTelemetry``).
  private var telemetry: NodeTelemetrySchedule
  /// What the run says of its controller, for the telemetry; set by the command.
  package var controllerStatus: () -> NodeTelemetrySchedule.ControllerStatus = {
    NodeTelemetrySchedule.ControllerStatus(controller: "none", state: "unknown")
  }

  package init(
    publisher: MQTTPublisher, discovery: Bool, policy: StatePublishingPolicy, telemetryInterval: Duration,
    catalog: StationCatalog, ranging: BeaconRanging.Configuration = BeaconRanging.Configuration()
  ) {
    self.publisher = publisher
    self.policy = policy
    self.catalog = catalog
    telemetry = NodeTelemetrySchedule(interval: telemetryInterval)
    self.discovery =
      discovery
      ? HomeAssistantDiscovery(
        topics: publisher.topics,
        expireAfterSeconds: HomeAssistantDiscovery.expireAfterSeconds(heartbeat: policy.heartbeat)) : nil
    var stationsRanging = ranging
    stationsRanging.maximumTrackedBeacons = max(1, catalog.stations.count)
    var strangersRanging = ranging
    strangersRanging.maximumTrackedBeacons = Self.maximumStrangers
    stations = Group(ranging: BeaconRanging(configuration: stationsRanging))
    strangers = Group(ranging: BeaconRanging(configuration: strangersRanging))
    // A broker that restarted without persistence forgot the retained configs; Home Assistant
    // that restarted wants them again.
    sendTelemetryConfigs()
    publisher.onReconnected = { [unowned self] in sendAllConfigs() }
    publisher.onHomeAssistantOnline = { [unowned self] in sendAllConfigs() }
    publisher.summaryAdditions = { [unowned self] in
      removedStrangers > 0
        ? ["\(removedStrangers) entities of beacons of no station removed (at most \(Self.maximumStrangers) kept)"]
        : []
    }
  }

  private var topics: FleetTopics { publisher.topics }

  /// Ranges both groups with this receiver's `offset` from now on (a remote setting): each
  /// beacon's next state has it (``BeaconRanging/setRSSIOffset(_:)``).
  package func setRSSIOffset(_ offset: Double) {
    stations.ranging.setRSSIOffset(offset)
    strangers.ranging.setRSSIOffset(offset)
  }

  package func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    telemetry.countReport()
    if let station = catalog.station(for: sighting.frame.identity) {
      for event in stations.ranging.ingest(sighting) { handle(event, station: station, in: &stations) }
    } else {
      for event in strangers.ranging.ingest(sighting) { handle(event, station: nil, in: &strangers) }
    }
    sweepIfDue(now: sighting.time)
    publishTelemetryIfDue()
    publisher.pump()
  }

  package func beaconFinder(_ finder: any BeaconFinder, didReach time: Timestamp) {
    for event in stations.ranging.advance(to: time) {
      handle(event, station: catalog.station(for: event.state.identity), in: &stations)
    }
    for event in strangers.ranging.advance(to: time) { handle(event, station: nil, in: &strangers) }
    sweepIfDue(now: time)
    publishTelemetryIfDue()
    publisher.pump()
  }

  /// Publishes the node's telemetry, retained, when it is due (or, at the end, `stopped`).
  private func publishTelemetryIfDue(final: Bool = false) {
    guard final || telemetry.isDue() else { return }
    var status = controllerStatus()
    if final {
      status.state = "stopped"
      status.scanDutyPercent = nil
    }
    let report = telemetry.take(
      status: status, beaconsTracked: stations.ranging.trackedCount + strangers.ranging.trackedCount,
      queueDepth: publisher.waitingCount, dropped: publisher.droppedCount)
    let node = topics.node
    publisher.append(topic: topics.telemetry, retain: true) { Array(report.json(node: node).utf8) }
  }

  private func sendTelemetryConfigs() {
    guard let discovery else { return }
    for field in NodeTelemetry.fields {
      publisher.append(topic: topics.telemetryDiscoveryConfig(of: field.key), retain: true) {
        Array(
          discovery.telemetryConfig(key: field.key, name: field.name, unit: field.unit, deviceClass: field.deviceClass)
            .utf8)
      }
    }
  }

  private func handle(_ event: BeaconRanging.Event, station: Station?, in group: inout Group) {
    let state = event.state
    guard var published = group.announced[state.identity] else {
      // Lost before it was announced (given way at once in a flood): nothing to say.
      guard case .ranged = event else { return }
      if station == nil, group.announced.count >= Self.maximumStrangers { forgetLongestUnreported(in: &group) }
      sendConfig(of: state.identity, station: station)
      publishState(state, station: station, in: &group)
      return
    }
    switch event {
    case .ranged:
      let due = policy.isWorthPublishing(state, after: &published)
      group.announced[state.identity] = published
      if due { publishState(state, station: station, in: &group) }
    case .lost:
      // The last state, if it was heard since it was published; the beacon stays announced.
      if state.lastSeen > published.time { publishState(state, station: station, in: &group) }
    }
  }

  /// Forgets the quarter of the announced strangers whose state was published longest ago, and
  /// removes their entities: a sort per quarter, not a search per new stranger.
  private func forgetLongestUnreported(in group: inout Group) {
    let oldest = group.announced.sorted { $0.value.time < $1.value.time }.prefix(max(1, Self.maximumStrangers / 4))
    for (identity, _) in oldest {
      group.announced[identity] = nil
      removedStrangers += 1
      if discovery != nil { publisher.append(topic: topics.discoveryConfig(of: identity), retain: true) { [] } }
    }
  }

  private func sendConfig(of identity: BeaconIdentity, station: Station?) {
    guard let discovery else { return }
    publisher.append(topic: topics.discoveryConfig(of: identity), retain: true) {
      Array(discovery.config(for: identity, station: station).utf8)
    }
  }

  private func publishState(_ state: BeaconState, station: Station?, in group: inout Group) {
    group.announced[state.identity] = StatePublishingPolicy.Published(state)
    let topics = topics
    publisher.append(topic: topics.state(of: state.identity), retain: false) {
      switch topics.layout {
      case .native: return Array(BeaconStatePayload.json(state, station: station, node: topics.node).utf8)
      case .espresense: return Array(BeaconStatePayload.espresenseJSON(state, station: station).utf8)
      }
    }
  }

  /// Publishes, at most once per the policy's minimum gap, the states that changed since they
  /// were last published: a change that came within the gap and then no more report is still
  /// sent. At the end (`force`), every change not yet published is.
  private func sweepIfDue(now: Timestamp, force: Bool = false) {
    if !force, let lastSweep, now.microseconds(since: lastSweep) < policy.minimumGap.wholeMicroseconds { return }
    lastSweep = now
    sweep(&stations, stations: true, force: force)
    sweep(&strangers, stations: false, force: force)
  }

  private func sweep(_ group: inout Group, stations: Bool, force: Bool) {
    for state in group.ranging.states {
      guard var published = group.announced[state.identity], state.lastSeen > published.time else { continue }
      if force {
        guard policy.hasChanged(state, since: published) else { continue }
      } else {
        let due = policy.isWorthPublishing(state, after: &published)
        group.announced[state.identity] = published
        guard due else { continue }
      }
      publishState(state, station: stations ? catalog.station(for: state.identity) : nil, in: &group)
    }
  }

  /// Announces a problem sensor for each of `stations` (`--expect`).
  package func expect(_ stations: [Station]) {
    expectedStations = stations
    for station in stations { sendHealthConfig(of: station) }
  }

  /// Publishes an expected beacon's health, retained: `payload` is the JSON of the change.
  package func publishHealth(of station: Station, payload: String) {
    publisher.append(topic: topics.health(of: station.beacon), retain: true) { Array(payload.utf8) }
    publisher.pump()
  }

  private func sendHealthConfig(of station: Station) {
    guard let discovery else { return }
    publisher.append(topic: topics.healthDiscoveryConfig(of: station.beacon), retain: true) {
      Array(discovery.healthConfig(for: station.beacon, station: station).utf8)
    }
  }

  private func sendAllConfigs() {
    sendTelemetryConfigs()
    for station in expectedStations { sendHealthConfig(of: station) }
    for identity in stations.announced.keys { sendConfig(of: identity, station: catalog.station(for: identity)) }
    for identity in strangers.announced.keys { sendConfig(of: identity, station: nil) }
  }

  /// Publishes the states not yet published, then finishes the publisher (what waits is sent,
  /// the availability becomes `offline`).
  package func finish() {
    if let now = [stations.ranging.now, strangers.ranging.now].compactMap({ $0 }).max() {
      sweepIfDue(now: now, force: true)
    }
    publishTelemetryIfDue(final: true)
    publisher.finish()
  }
}
