import Beacons
import BluetoothTypes
import MRTNavigation
import MosquittoClient

#if canImport(Glibc)
  import Glibc
#endif

/// Publishes what a scan finds to an MQTT broker, as one node of a fleet: each beacon's state
/// (``BeaconStatePayload``) at most once per ``interval`` of sighting time, this node's
/// availability, and Home Assistant discovery configs (``HomeAssistantDiscovery``).
///
/// **The scan never waits for the broker.** Messages go into ``PendingMessages`` (one per topic,
/// the latest; at most ``queueCapacity``) and are handed to the session while it is connected
/// and not busy; what cannot be kept is dropped and counted. At the end, what waits is sent
/// within ``finishTimeout``, then the availability becomes `offline` and the session says goodbye.
///
/// **Memory is bounded, and so are the entities left on the broker.** Beacons are ranged by
/// ``BeaconRanging`` (smoothed RSSI, distance) in two groups: the stations' beacons, which
/// strangers never push out, and at most ``maximumStrangers`` others, the one heard longest ago
/// giving way. A beacon that falls silent keeps its entity (Home Assistant shows it unavailable
/// after ``HomeAssistantDiscovery/expireAfterSeconds``). At most ``maximumStrangers`` strangers
/// are announced at once: when a new one would pass that, the quarter reported longest ago are
/// forgotten and their entities removed (empty retained configs), so a flood of random identities
/// leaves at most that many entities behind. A station's entity is never removed.
final class MQTTBeaconReporter: BeaconFinderDelegate {
  /// The most beacons of no station tracked, and announced, at once.
  static let maximumStrangers = 1024
  /// The most topics waiting for the broker.
  static let queueCapacity = 4096
  /// How long the end of a run waits for the broker to take what is left.
  static let finishTimeout = Duration.seconds(5)
  /// How long the end of a run waits for a broker it has not reached yet.
  static let firstConnectionTimeout = Duration.seconds(3)

  /// The beacons of one kind (stations', or the others): their ranging, and those announced with
  /// when their state was last published (`nil`: not yet).
  private struct Group {
    var ranging: BeaconRanging
    var announced: [BeaconIdentity: CaptureTime?] = [:]
  }

  let topics: FleetTopics
  let interval: Duration
  private let program: String
  private let session: MQTTSession
  private let catalog: StationCatalog
  private let discovery: HomeAssistantDiscovery?
  private var stations: Group
  private var strangers: Group
  /// Strangers' entities removed to keep at most ``maximumStrangers``.
  private(set) var removedStrangers = 0
  private var pending = PendingMessages(capacity: MQTTBeaconReporter.queueCapacity)
  /// When the tracked states were last swept for ones not yet published.
  private var lastSweep: CaptureTime?
  private(set) var publishedCount = 0
  private var refusedCount = 0
  private var connectionCount = 0
  private var lastRefusal: MQTTConnectionRefusal?
  private let clock = ContinuousClock()
  private let startedAt: ContinuousClock.Instant
  private var saidUnreachable = false
  private var finished = false

  init(
    session: MQTTSession, topics: FleetTopics, discovery: Bool, interval: Duration, catalog: StationCatalog,
    program: String
  ) {
    self.session = session
    self.topics = topics
    self.interval = interval
    self.catalog = catalog
    self.program = program
    self.discovery = discovery ? HomeAssistantDiscovery(topics: topics) : nil
    stations = Group(
      ranging: BeaconRanging(
        configuration: BeaconRanging.Configuration(maximumTrackedBeacons: max(1, catalog.stations.count))))
    strangers = Group(
      ranging: BeaconRanging(configuration: BeaconRanging.Configuration(maximumTrackedBeacons: Self.maximumStrangers)))
    startedAt = clock.now
  }

  /// Starts connecting in the background.
  func start() throws(MQTTSetupError) { try session.start() }

  /// What messages name the broker by: `mqtt://HOST:PORT`.
  var brokerName: String { session.configuration.broker.description }

  func beaconFinder(_ finder: any BeaconFinder, didSee sighting: BeaconSighting) {
    if let station = catalog.station(for: sighting.frame.identity) {
      for event in stations.ranging.ingest(sighting) { handle(event, station: station, in: &stations) }
    } else {
      for event in strangers.ranging.ingest(sighting) { handle(event, station: nil, in: &strangers) }
    }
    sweepIfDue(now: sighting.time)
    pump()
  }

  func beaconFinder(_ finder: any BeaconFinder, didReach time: CaptureTime) {
    for event in stations.ranging.advance(to: time) {
      handle(event, station: catalog.station(for: event.state.identity), in: &stations)
    }
    for event in strangers.ranging.advance(to: time) { handle(event, station: nil, in: &strangers) }
    sweepIfDue(now: time)
    pump()
  }

  private func handle(_ event: BeaconRanging.Event, station: Station?, in group: inout Group) {
    let state = event.state
    guard let lastPublished = group.announced[state.identity] else {
      // Lost before it was announced (given way at once in a flood): nothing to say.
      guard case .ranged = event else { return }
      if station == nil, group.announced.count >= Self.maximumStrangers { forgetLongestUnreported(in: &group) }
      group.announced[state.identity] = .some(nil)
      sendConfig(of: state.identity, station: station)
      publishState(state, station: station, in: &group)
      return
    }
    switch event {
    case .ranged:
      if let lastPublished, state.lastSeen.microseconds(since: lastPublished) < interval.wholeMicroseconds { return }
      publishState(state, station: station, in: &group)
    case .lost:
      // The last state, if it changed since it was published; the beacon stays announced.
      if lastPublished.map({ state.lastSeen > $0 }) ?? true { publishState(state, station: station, in: &group) }
    }
  }

  /// Forgets the quarter of the announced strangers whose state was published longest ago, and
  /// removes their entities: a sort per quarter, not a search per new stranger.
  private func forgetLongestUnreported(in group: inout Group) {
    let never = CaptureTime(microsecondsSinceUnixEpoch: .min)
    let oldest = group.announced.sorted { ($0.value ?? never) < ($1.value ?? never) }
      .prefix(max(1, Self.maximumStrangers / 4))
    for (identity, _) in oldest {
      group.announced[identity] = nil
      removedStrangers += 1
      if discovery != nil {
        append(topic: topics.discoveryConfig(of: identity), retain: true) { [] }
      }
    }
  }

  private func sendConfig(of identity: BeaconIdentity, station: Station?) {
    guard let discovery else { return }
    append(topic: topics.discoveryConfig(of: identity), retain: true) {
      Array(discovery.config(for: identity, station: station).utf8)
    }
  }

  private func publishState(_ state: BeaconState, station: Station?, in group: inout Group) {
    group.announced[state.identity] = state.lastSeen
    append(topic: topics.state(of: state.identity), retain: false) {
      Array(BeaconStatePayload.json(state, station: station, node: topics.node).utf8)
    }
  }

  /// Queues a message; its payload is made only if the queue takes it. Retained messages (the
  /// configs, the availability) go at QoS 1, states at QoS 0.
  private func append(topic: String, retain: Bool, payload: () -> [UInt8]) {
    guard pending.accepts(topic: topic) else {
      pending.countDropped()
      return
    }
    pending.append(
      MQTTMessage(
        topic: topic, payload: payload(), retain: retain, qualityOfService: retain ? .atLeastOnce : .atMostOnce))
  }

  /// Publishes, at most once per ``interval``, the states heard since they were last published:
  /// a beacon heard between two due moments and then no more still has its last state sent.
  private func sweepIfDue(now: CaptureTime, force: Bool = false) {
    if !force, let lastSweep, now.microseconds(since: lastSweep) < interval.wholeMicroseconds { return }
    lastSweep = now
    sweep(&stations, stations: true)
    sweep(&strangers, stations: false)
  }

  private func sweep(_ group: inout Group, stations: Bool) {
    for state in group.ranging.states {
      guard let lastPublished = group.announced[state.identity] else { continue }
      if let lastPublished, state.lastSeen <= lastPublished { continue }
      publishState(state, station: stations ? catalog.station(for: state.identity) : nil, in: &group)
    }
  }

  /// Takes the session's news, then hands it what waits, until it is busy or down.
  private func pump() {
    for event in session.takeEvents() { handle(event) }
    if !saidUnreachable, connectionCount == 0, lastRefusal == nil, clock.now - startedAt > .seconds(5) {
      saidUnreachable = true
      say("no broker answers yet; trying again with backoff, up to every 30 s (the scan goes on)")
    }
    while let message = pending.first {
      switch session.publish(message) {
      case .queued:
        pending.removeFirst()
        publishedCount += 1
      case .busy, .notConnected:
        return
      case .failed(let status):
        pending.removeFirst()
        refusedCount += 1
        if refusedCount == 1 { say("libmosquitto refused a message for \(message.topic): \(status)") }
      }
    }
  }

  private func handle(_ event: MQTTSessionEvent) {
    switch event {
    case .connected:
      connectionCount += 1
      lastRefusal = nil
      say(connectionCount == 1 ? "connected" : "connected again")
      _ = session.publish(
        MQTTMessage(topic: topics.availability, text: "online", retain: true, qualityOfService: .atLeastOnce))
      // A broker that restarted without persistence forgot the retained configs.
      if connectionCount > 1 { sendAllConfigs() }
    case .refused(let refusal):
      if refusal != lastRefusal { say("\(refusal)\(Self.hint(for: refusal)); trying again") }
      lastRefusal = refusal
    case .lost(let status):
      say("connection lost (\(status)); reconnecting, \(pending.count) message(s) waiting")
    case .message(let topic, let payload):
      if topic == topics.homeAssistantStatus, payload == Array("online".utf8) { sendAllConfigs() }
    }
  }

  /// The stations `--expect` watches: their problem sensors are announced on every connection.
  private var expectedStations: [Station] = []

  /// Announces a problem sensor for each of `stations` (`--expect`).
  func expect(_ stations: [Station]) {
    expectedStations = stations
    for station in stations { sendHealthConfig(of: station) }
  }

  /// Publishes an expected beacon's health, retained: `payload` is the JSON of the change.
  func publishHealth(of station: Station, payload: String) {
    append(topic: topics.health(of: station.beacon), retain: true) { Array(payload.utf8) }
    pump()
  }

  private func sendHealthConfig(of station: Station) {
    guard let discovery else { return }
    append(topic: topics.healthDiscoveryConfig(of: station.beacon), retain: true) {
      Array(discovery.healthConfig(for: station.beacon, station: station).utf8)
    }
  }

  private func sendAllConfigs() {
    for station in expectedStations { sendHealthConfig(of: station) }
    for identity in stations.announced.keys { sendConfig(of: identity, station: catalog.station(for: identity)) }
    for identity in strangers.announced.keys { sendConfig(of: identity, station: nil) }
  }

  private static func hint(for refusal: MQTTConnectionRefusal) -> String {
    switch refusal {
    case .badCredentials, .notAuthorized:
      return " (check --mqtt-credentials or \(MQTTCredentialsSource.usernameVariable)/"
        + "\(MQTTCredentialsSource.passwordVariable))"
    default: return ""
    }
  }

  /// Sends what is left within ``finishTimeout``, sets the availability `offline`, says goodbye,
  /// and tells what was published and what was not.
  func finish() {
    guard !finished else { return }
    finished = true
    if let now = [stations.ranging.now, strangers.ranging.now].compactMap({ $0 }).max() {
      sweepIfDue(now: now, force: true)
    }
    let finishing = clock.now
    let deadline = finishing.advanced(by: Self.finishTimeout)
    while clock.now < deadline {
      pump()
      if connectionCount > 0, pending.isEmpty { break }
      if connectionCount == 0, clock.now - finishing > Self.firstConnectionTimeout { break }
      if lastRefusal != nil { break }
      usleep(5_000)
    }
    var wentOffline = false
    if session.isConnected {
      wentOffline =
        session.publish(
          MQTTMessage(topic: topics.availability, text: "offline", retain: true, qualityOfService: .atLeastOnce))
        == .queued
      _ = session.waitUntilSent(timeout: max(.milliseconds(100), deadline - clock.now))
    }
    session.close()
    var summary = "\(publishedCount) message(s) published"
    if !pending.isEmpty { summary += ", \(pending.count) not sent (no broker took them)" }
    if pending.dropped > 0 { summary += ", \(pending.dropped) dropped (\(Self.queueCapacity) were waiting)" }
    if refusedCount > 0 { summary += ", \(refusedCount) refused by libmosquitto" }
    if removedStrangers > 0 {
      summary +=
        ", \(removedStrangers) entities of beacons of no station removed (at most \(Self.maximumStrangers) kept)"
    }
    if connectionCount > 0 { summary += wentOffline ? "; availability offline" : "" }
    say(summary)
  }

  private func say(_ text: String) { StandardOutput.warn("\(program): \(brokerName): \(text)") }
}
