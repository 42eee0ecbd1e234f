import CMosquitto
import POSIXSupport

#if canImport(Glibc)
  import Glibc
#endif

/// One client connection to an MQTT broker, over libmosquitto.
///
/// libmosquitto does the network work on its own thread (`mosquitto_loop_start`): it connects,
/// reconnects with exponential backoff after a loss, and sends what ``publish(_:)`` hands it.
/// ``publish(_:)`` never waits on the network: when the session is not connected, or
/// ``Configuration/maximumInFlight`` messages are still on their way, it says so and queues
/// nothing, so the caller decides what to keep (its own bounded queue). What happens on the
/// connection is collected, under a lock, as ``MQTTSessionEvent``s that the owner takes on its
/// own thread (``takeEvents()``); nothing of the caller runs on libmosquitto's thread.
///
/// Use from one thread; the class is not `Sendable`.
public final class MQTTSession {
  public let configuration: Configuration
  private let shared: MQTTSessionShared
  /// The running client, from ``start()`` to ``close()``.
  private var client: RunningClient?

  public init(configuration: Configuration) {
    self.configuration = configuration
    shared = MQTTSessionShared(
      subscriptions: configuration.subscriptions, birth: configuration.birth,
      maximumEvents: max(configuration.maximumWaitingEvents, 1))
  }

  deinit { close() }

  /// Creates the client, sets its last will, credentials and TLS, and starts connecting in the
  /// background. Returns at once: a broker that is down is retried, and reported as events.
  ///
  /// The corresponding C functions are `mosquitto_new`, `mosquitto_will_set`,
  /// `mosquitto_username_pw_set`, `mosquitto_tls_set`, `mosquitto_reconnect_delay_set`,
  /// `mosquitto_connect_async` and `mosquitto_loop_start`.
  public func start() throws(MQTTSetupError) {
    guard client == nil else { return }
    _ = mosquittoLibrary
    let reference = Unmanaged.passRetained(shared)
    guard let client = mosquitto_new(configuration.clientID, true, reference.toOpaque()) else {
      reference.release()
      throw .clientNotCreated(clientID: configuration.clientID)
    }
    do throws(MQTTSetupError) {
      try configure(client)
    } catch {
      // Nothing runs yet: the client goes as it came.
      mosquitto_destroy(client)
      reference.release()
      throw error
    }
    // A broker that is not there yet is not an error: the network thread retries. Why the first
    // attempt failed (a name that does not resolve, a port that refuses) is the owner's to tell.
    let attempt = mosquitto_connect_async(
      client, configuration.broker.host, Int32(configuration.broker.port), configuration.keepAliveSeconds)
    if attempt != MOSQ_ERR_SUCCESS.rawValue {
      let failure = MQTTConnectFailure(MosquittoStatus(capturing: attempt))
      shared.state.withLock { $0.events.append(.notReached(failure)) }
    }
    let started = mosquitto_loop_start(client)
    guard started == MOSQ_ERR_SUCCESS.rawValue else {
      mosquitto_destroy(client)
      reference.release()
      throw .threadNotStarted(MosquittoStatus(capturing: started))
    }
    self.client = RunningClient(handle: client, shared: reference)
  }

  /// Sets the callbacks, the last will, credentials, TLS and the reconnect delay.
  private func configure(_ client: OpaquePointer) throws(MQTTSetupError) {
    mosquitto_connect_callback_set(client, sessionDidConnect)
    mosquitto_disconnect_callback_set(client, sessionDidDisconnect)
    mosquitto_publish_callback_set(client, sessionDidPublish)
    mosquitto_message_callback_set(client, sessionDidReceive)
    mosquitto_log_callback_set(client, sessionDidLog)
    if let will = configuration.will {
      try check(
        will.payload.withUnsafeBytes {
          mosquitto_will_set(
            client, will.topic, Int32(clamping: $0.count), $0.baseAddress, will.qualityOfService.rawValue, will.retain)
        }, setting: "last will")
    }
    if let credentials = configuration.credentials {
      try check(
        mosquitto_username_pw_set(client, credentials.username, credentials.password), setting: "credentials")
    }
    if configuration.broker.usesTLS {
      if let file = configuration.certificateAuthorityFile {
        guard access(file, R_OK) == 0 else { throw .certificateAuthorityUnreadable(file) }
        try check(mosquitto_tls_set(client, file, nil, nil, nil, nil), setting: "TLS settings")
      } else {
        try check(
          mosquitto_tls_set(client, nil, Configuration.systemCertificateDirectory, nil, nil, nil),
          setting: "TLS settings")
      }
    }
    try check(
      mosquitto_reconnect_delay_set(
        client, Self.wholeSeconds(configuration.reconnectDelay), Self.wholeSeconds(configuration.reconnectDelayLimit),
        true), setting: "reconnect delay")
  }

  /// Hands `message` to libmosquitto, unless the session is down or too many are on their way.
  ///
  /// The corresponding C function is `mosquitto_publish`.
  public func publish(_ message: MQTTMessage) -> MQTTPublishResult {
    guard let client else { return .notConnected }
    let admitted = shared.state.withLock { state -> MQTTPublishResult? in
      guard state.isConnected else { return .notConnected }
      guard state.inFlight < configuration.maximumInFlight else { return .busy }
      // Counted before the call: the acknowledgement may come before it returns.
      state.inFlight += 1
      return nil
    }
    if let admitted { return admitted }
    let code = shared.publish(message, on: client.handle)
    guard code != MOSQ_ERR_SUCCESS.rawValue else { return .queued }
    let status = MosquittoStatus(capturing: code)
    return status.isNotConnected ? .notConnected : .failed(status)
  }

  /// What happened since the last call, oldest first.
  public func takeEvents() -> [MQTTSessionEvent] {
    shared.state.withLock { state in
      defer { state.events.removeAll(keepingCapacity: true) }
      return state.events
    }
  }

  /// Messages received and dropped, since more than ``Configuration/maximumWaitingEvents``
  /// waited for ``takeEvents()``: the owner falls behind the broker.
  public var droppedReceivedCount: Int { shared.state.withLock { $0.droppedReceived } }

  /// Whether the broker has accepted the connection and it has not been lost since.
  public var isConnected: Bool { shared.state.withLock { $0.isConnected } }

  /// Messages handed over and not yet sent (or acknowledged, at QoS 1).
  public var messagesInFlight: Int { shared.state.withLock { $0.inFlight } }

  /// Waits until every message handed over is sent (and acknowledged at QoS 1), the connection
  /// is lost, or `timeout` passes; whether everything went.
  public func waitUntilSent(timeout: Duration) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while clock.now < deadline {
      let (connected, inFlight) = shared.state.withLock { ($0.isConnected, $0.inFlight) }
      if inFlight == 0 { return true }
      if !connected { return false }
      usleep(2_000)
    }
    return false
  }

  /// Says goodbye to the broker (so it does not publish the last will) and stops the network
  /// thread, waiting for it when connected.
  ///
  /// Without a connection the thread may be blocked in `connect` for as long as TCP takes to
  /// give up on an unreachable host, and libmosquitto can only wait for it or cancel it (which
  /// may leave its locks held). So it is told to stop, and a thread of its own waits for it and
  /// frees the client: closing never waits on the network.
  ///
  /// The corresponding C functions are `mosquitto_disconnect`, `mosquitto_loop_stop` and
  /// `mosquitto_destroy`.
  public func close() {
    guard let client else { return }
    self.client = nil
    let connected = isConnected
    _ = mosquitto_disconnect(client.handle)
    if connected {
      client.stop()
    } else if !client.stopInTheBackground() {
      client.stop()
    }
  }

  private func check(_ code: Int32, setting: String) throws(MQTTSetupError) {
    guard code == MOSQ_ERR_SUCCESS.rawValue else { throw .settingRefused(setting, MosquittoStatus(capturing: code)) }
  }

  private static func wholeSeconds(_ duration: Duration) -> UInt32 {
    UInt32(clamping: max(1, duration.components.seconds))
  }
}

/// A started client: libmosquitto's handle, and the reference to the shared state it holds as
/// the callbacks' user data. Stopping waits for its network thread, then destroys the client and
/// releases that reference; when the closer must not wait, a thread of its own does.
private final class RunningClient: @unchecked Sendable {
  // Touched by one thread at a time: the owner's, then (if handed over) the stopping thread's.
  let handle: OpaquePointer
  let shared: Unmanaged<MQTTSessionShared>

  init(handle: OpaquePointer, shared: Unmanaged<MQTTSessionShared>) {
    self.handle = handle
    self.shared = shared
  }

  /// Waits for the network thread, then frees everything.
  func stop() {
    _ = mosquitto_loop_stop(handle, false)
    mosquitto_destroy(handle)
    shared.release()
  }

  /// Does ``stop()`` on a detached thread of its own; `false` when no thread could be made.
  func stopInTheBackground() -> Bool {
    DetachedThread.start { self.stop() }
  }

}

/// `mosquitto_lib_init`, once per process, before the first client.
private let mosquittoLibrary: Void = { _ = mosquitto_lib_init() }()

/// What libmosquitto's thread and the owner's share, under a lock.
final class MQTTSessionShared: Sendable {
  struct State {
    var isConnected = false
    var inFlight = 0
    var events: [MQTTSessionEvent] = []
    var droppedReceived = 0
  }

  /// The most events kept between two ``MQTTSession/takeEvents()``; beyond it, incoming
  /// messages (and problems) are dropped (connection changes are rare and always kept).
  let maximumEvents: Int

  let state = POSIXMutex(State())
  let subscriptions: [String]
  let birth: MQTTMessage?

  init(subscriptions: [String], birth: MQTTMessage?, maximumEvents: Int) {
    self.subscriptions = subscriptions
    self.birth = birth
    self.maximumEvents = maximumEvents
  }

  /// Hands `message` to libmosquitto on `client`, counted in flight before the call (its
  /// acknowledgement may come before the call returns) and uncounted when it is refused.
  ///
  /// The corresponding C function is `mosquitto_publish`.
  func publish(_ message: MQTTMessage, on client: OpaquePointer?) -> Int32 {
    let code = message.payload.withUnsafeBytes {
      mosquitto_publish(
        client, nil, message.topic, Int32(clamping: $0.count), $0.baseAddress, message.qualityOfService.rawValue,
        message.retain)
    }
    if code != MOSQ_ERR_SUCCESS.rawValue { state.withLock { $0.inFlight = max(0, $0.inFlight - 1) } }
    return code
  }

  static func from(_ userData: UnsafeMutableRawPointer?) -> MQTTSessionShared? {
    userData.map { Unmanaged<MQTTSessionShared>.fromOpaque($0).takeUnretainedValue() }
  }
}

// The callbacks run on libmosquitto's thread.

private func sessionDidConnect(_ client: OpaquePointer?, _ userData: UnsafeMutableRawPointer?, _ returnCode: Int32) {
  guard let shared = MQTTSessionShared.from(userData) else { return }
  guard returnCode == 0 else {
    shared.state.withLock { $0.events.append(.refused(MQTTConnectionRefusal(returnCode: returnCode))) }
    return
  }
  for filter in shared.subscriptions { _ = mosquitto_subscribe(client, nil, filter, 0) }
  shared.state.withLock { state in
    state.isConnected = true
    state.inFlight = shared.birth == nil ? 0 : 1
    state.events.append(.connected)
  }
  if let birth = shared.birth { _ = shared.publish(birth, on: client) }
}

private func sessionDidDisconnect(_ client: OpaquePointer?, _ userData: UnsafeMutableRawPointer?, _ reason: Int32) {
  guard let shared = MQTTSessionShared.from(userData) else { return }
  shared.state.withLock { state in
    let wasConnected = state.isConnected
    state.isConnected = false
    // libmosquitto drops what it had not sent; nothing more will be acknowledged.
    state.inFlight = 0
    // 0: the owner asked for it.
    if wasConnected, reason != 0 { state.events.append(.lost(MosquittoStatus(code: reason))) }
  }
}

private func sessionDidPublish(_ client: OpaquePointer?, _ userData: UnsafeMutableRawPointer?, _ messageID: Int32) {
  guard let shared = MQTTSessionShared.from(userData) else { return }
  shared.state.withLock { $0.inFlight = max(0, $0.inFlight - 1) }
}

private func sessionDidReceive(
  _ client: OpaquePointer?, _ userData: UnsafeMutableRawPointer?, _ message: UnsafePointer<mosquitto_message>?
) {
  guard let shared = MQTTSessionShared.from(userData), let message = message?.pointee, let topic = message.topic
  else { return }
  let payload =
    message.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(max(0, message.payloadlen)))) } ?? []
  let event = MQTTSessionEvent.message(topic: String(cString: topic), payload: payload)
  let limit = shared.maximumEvents
  shared.state.withLock { state in
    if state.events.count < limit { state.events.append(event) } else { state.droppedReceived += 1 }
  }
}

private func sessionDidLog(
  _ client: OpaquePointer?, _ userData: UnsafeMutableRawPointer?, _ level: Int32, _ text: UnsafePointer<CChar>?
) {
  guard level & (MOSQ_LOG_ERR | MOSQ_LOG_WARNING) != 0, let shared = MQTTSessionShared.from(userData), let text
  else { return }
  let event = MQTTSessionEvent.problem(String(cString: text))
  let limit = shared.maximumEvents
  shared.state.withLock { state in
    if state.events.count < limit { state.events.append(event) }
  }
}
