import MosquittoClient
import ProgramOutput

#if canImport(Glibc)
  import Glibc
#endif

/// One node's connection to the broker, as the commands use it: an ``MQTTSession`` with the
/// node's availability (`online` on every connection, sent by the session as its birth message;
/// `offline` at the end, or as the last will)
/// and a bounded queue in front of it (``PendingMessages``), so that the caller never waits.
///
/// The caller queues messages (``append(topic:retain:payload:)``) and calls ``pump()`` from its
/// loop (each sighting, each turn): the session's news are taken there, on the caller's thread,
/// and what waits is handed over while the session is connected and not busy. ``finish()`` sends
/// what is left, sets the availability `offline`, disconnects, and says on standard error what
/// was published and what was not.
package final class MQTTPublisher {
  /// The most topics waiting for the broker.
  package static let queueCapacity = 4096
  /// How long the end of a run waits for the broker to take what is left.
  package static let finishTimeout = Duration.seconds(5)
  /// How long the end of a run waits for a broker it has not reached yet.
  package static let firstConnectionTimeout = Duration.seconds(3)

  package let topics: FleetTopics
  private let program: String
  private let session: MQTTSession
  private var pending = PendingMessages(capacity: MQTTPublisher.queueCapacity)
  /// Called on every connection after the first, once `online` is queued: a broker that
  /// restarted without persistence has forgotten the retained messages.
  package var onReconnected: (() -> Void)?
  /// Called when Home Assistant says it is `online` (it started): it wants the configs again.
  /// Only a publisher made to announce to Home Assistant subscribes to its status.
  package var onHomeAssistantOnline: (() -> Void)?
  /// Called with a message on the settings topics (``FleetTopics/settingsSet``,
  /// ``FleetTopics/allSettingsSet``), on the caller's thread, in ``pump()``.
  package var onSettingsMessage: ((String, [UInt8]) -> Void)?
  /// Called with every other message on a subscribed topic (the judge's nodes), on the caller's
  /// thread, in ``pump()``.
  package var onMessage: ((String, [UInt8]) -> Void)?
  /// What ``finish()`` adds to its summary (counts of the caller's own).
  package var summaryAdditions: () -> [String] = { [] }
  private(set) var publishedCount = 0
  /// Messages waiting for the broker now.
  package var waitingCount: Int { pending.count }
  /// Messages dropped so far because the queue was full.
  package var droppedCount: Int { pending.dropped }
  /// Messages received and dropped so far, since the caller did not pump often enough.
  package var droppedReceivedCount: Int { session.droppedReceivedCount }
  private var refusedCount = 0
  private var connectionCount = 0
  private var lastRefusal: MQTTConnectionRefusal?
  private let clock = ContinuousClock()
  private let startedAt: ContinuousClock.Instant
  private var saidUnreachable = false
  private var problemsSaid: Set<String> = []
  private var finished = false

  package init(session: MQTTSession, topics: FleetTopics, program: String) {
    self.session = session
    self.topics = topics
    self.program = program
    startedAt = clock.now
  }

  /// Starts connecting in the background.
  package func start() throws(MQTTSetupError) { try session.start() }

  /// What messages name the broker by: `mqtt://HOST:PORT`.
  package var brokerName: String { session.configuration.broker.description }

  /// Whether the session subscribes to this node's settings topics (``NodeRemoteSettings``).
  package var takesSettings: Bool { session.configuration.subscriptions.contains(topics.settingsSet) }

  /// What anyone on the path to the broker, or on the broker, could do that a node should warn
  /// of: connecting without an account (`anonymous`), or without TLS (`unencrypted`); empty
  /// when neither.
  package var exposures: [String] {
    (session.configuration.credentials == nil ? ["anonymous"] : [])
      + (session.configuration.broker.usesTLS ? [] : ["unencrypted"])
  }

  /// Queues a message; its payload is made only if the queue takes it. It replaces a message for
  /// the same topic that still waits, unless `replacing` is false. Retained messages (configs,
  /// availability, health) go at QoS 1, the rest at QoS 0.
  package func append(topic: String, retain: Bool, replacing: Bool = true, payload: () -> [UInt8]) {
    pending.append(topic: topic, replacing: replacing) {
      MQTTMessage(
        topic: topic, payload: payload(), retain: retain, qualityOfService: retain ? .atLeastOnce : .atMostOnce)
    }
  }

  /// Takes the session's news, then hands it what waits, until it is busy or down.
  package func pump() {
    for event in session.takeEvents() { handle(event) }
    if !saidUnreachable, connectionCount == 0, lastRefusal == nil, problemsSaid.isEmpty,
      clock.now - startedAt > .seconds(5)
    {
      saidUnreachable = true
      say("no broker answers yet; trying again with backoff, up to every 30 s (\(program) goes on)")
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
      // The session itself said `online` (its birth message) as the broker accepted it.
      say(connectionCount == 1 ? "connected" : "connected again")
      if connectionCount > 1 { onReconnected?() }
    case .notReached(let failure):
      saidUnreachable = true
      say("\(failure)\(Self.hint(for: failure)); trying again with backoff, up to every 30 s (\(program) goes on)")
    case .refused(let refusal):
      if refusal != lastRefusal { say("\(refusal)\(Self.hint(for: refusal)); trying again") }
      lastRefusal = refusal
    case .lost(let status):
      say("connection lost (\(status)); reconnecting, \(pending.count) message(s) waiting")
    case .problem(let text):
      // Each once (a TLS failure repeats at every attempt), and a bounded number of them.
      if problemsSaid.count < 16, problemsSaid.insert(text).inserted { say("libmosquitto: \(text)") }
    case .message(let topic, let payload):
      if topic == topics.homeAssistantStatus, payload == Array("online".utf8) { onHomeAssistantOnline?() }
      if topic == topics.settingsSet || topic == topics.allSettingsSet {
        onSettingsMessage?(topic, payload)
      } else {
        onMessage?(topic, payload)
      }
    }
  }

  private static func hint(for failure: MQTTConnectFailure) -> String {
    switch failure {
    case .nameNotResolved: return " (check the name in --mqtt, and that this machine's DNS knows it)"
    case .connectionRefused: return " (is the broker running, and listening on this port?)"
    case .unreachable, .other: return ""
    }
  }

  private static func hint(for refusal: MQTTConnectionRefusal) -> String {
    switch refusal {
    case .badCredentials, .notAuthorized:
      return " (check --mqtt-credentials or \(MQTTCredentialsSource.usernameVariable)/"
        + "\(MQTTCredentialsSource.passwordVariable))"
    default: return ""
    }
  }

  /// Sends what is left within ``finishTimeout`` (waiting ``firstConnectionTimeout`` for a broker
  /// never reached), sets the availability `offline`, says goodbye, and tells what was published
  /// and what was not. Once.
  package func finish() {
    guard !finished else { return }
    finished = true
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
    for addition in summaryAdditions() { summary += ", \(addition)" }
    if wentOffline { summary += "; availability offline" }
    say(summary)
  }

  private func say(_ text: String) { StandardError.writeLine("\(program): \(brokerName): \(text)") }
}
