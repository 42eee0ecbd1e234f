import BeaconTestSupport
import Foundation
import MosquittoClient
import Testing

/// The session against a real mosquitto broker, checked with mosquitto's own subscriber.
@Suite(.enabled(if: MosquittoBroker.isAvailable, "needs mosquitto and mosquitto-clients (tools/test installs them)"))
struct MQTTSessionTests {
  private func session(
    port: UInt16, will: MQTTMessage? = nil, birth: MQTTMessage? = nil, subscriptions: [String] = []
  ) -> MQTTSession {
    MQTTSession(
      configuration: MQTTSession.Configuration(
        broker: MQTTBroker(scheme: .mqtt, host: "127.0.0.1", port: port), clientID: "test-\(UUID().uuidString)",
        will: will, birth: birth, subscriptions: subscriptions, reconnectDelay: .seconds(1),
        reconnectDelayLimit: .seconds(1)))
  }

  /// Waits until `session` reports `event`, taking the events it had; what it reported.
  private func events(of session: MQTTSession, until predicate: (MQTTSessionEvent) -> Bool, seconds: Double = 10)
    -> [MQTTSessionEvent]
  {
    var seen: [MQTTSessionEvent] = []
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      seen += session.takeEvents()
      if seen.contains(where: predicate) { break }
      usleep(10_000)
    }
    return seen
  }

  @Test func publishesWhatASubscriberReceivesAndTheBrokerRetains() throws {
    let broker = try MosquittoBroker()
    let subscriber = try broker.subscribe(["fleet/#"])
    let session = session(port: broker.port)
    try session.start()
    #expect(events(of: session, until: { $0 == .connected }).contains(.connected))
    #expect(session.publish(MQTTMessage(topic: "fleet/state", text: "{\"rssi\":-60}")) == .queued)
    #expect(
      session.publish(MQTTMessage(topic: "fleet/config", text: "kept", retain: true, qualityOfService: .atLeastOnce))
        == .queued)
    #expect(session.waitUntilSent(timeout: .seconds(5)))
    #expect(session.messagesInFlight == 0)
    #expect(
      subscriber.wait { $0.count >= 2 }, "received: \(subscriber.received)")
    #expect(
      subscriber.received == [
        .init(retained: false, topic: "fleet/state", payload: "{\"rssi\":-60}"),
        .init(retained: false, topic: "fleet/config", payload: "kept"),
      ])
    session.close()
    #expect(try broker.retained("fleet/#") == ["fleet/config": "kept"])
  }

  @Test func withoutABrokerNothingIsQueuedAndClosingIsPrompt() throws {
    let session = session(port: try LoopbackPort.free())
    try session.start()
    usleep(200_000)
    #expect(!session.isConnected)
    #expect(session.publish(MQTTMessage(topic: "fleet/state", text: "x")) == .notConnected)
    let clock = ContinuousClock()
    let closing = clock.measure { session.close() }
    #expect(closing < .seconds(2), "close took \(closing)")
  }

  @Test func reconnectsAfterTheBrokerIsKilledAndSubscribesAgain() throws {
    let broker = try MosquittoBroker()
    let online = MQTTMessage(
      topic: "fleet/node/availability", text: "online", retain: true, qualityOfService: .atLeastOnce)
    let session = session(port: broker.port, birth: online, subscriptions: ["homeassistant/status"])
    try session.start()
    #expect(events(of: session, until: { $0 == .connected }).contains(.connected))
    #expect(session.waitUntilSent(timeout: .seconds(5)))
    #expect(try broker.retained("fleet/#") == ["fleet/node/availability": "online"])
    broker.kill()
    let lost = events(of: session, until: { if case .lost = $0 { true } else { false } })
    #expect(lost.contains { if case .lost = $0 { true } else { false } }, "events: \(lost)")
    #expect(session.publish(MQTTMessage(topic: "fleet/state", text: "x")) == .notConnected)
    try broker.start()
    #expect(events(of: session, until: { $0 == .connected }).contains(.connected))
    // The restarted broker kept nothing; the session said `online` again by itself.
    #expect(session.waitUntilSent(timeout: .seconds(5)))
    #expect(try broker.retained("fleet/#") == ["fleet/node/availability": "online"])
    // Subscribed again on the new connection: a message to the filter arrives.
    var received: [MQTTSessionEvent] = []
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, !received.contains(.message(topic: "homeassistant/status", payload: Array("online".utf8)))
    {
      try broker.publish(topic: "homeassistant/status", payload: "online")
      usleep(100_000)
      received += session.takeEvents()
    }
    #expect(received.contains(.message(topic: "homeassistant/status", payload: Array("online".utf8))))
    #expect(session.publish(MQTTMessage(topic: "fleet/state", text: "again")) == .queued)
    session.close()
  }

  /// An owner that does not take its events loses what is received past the limit, counted:
  /// ten retained messages, room for four events (the connection and three of them).
  @Test func messagesPastTheWaitingLimitAreDroppedAndCounted() throws {
    let broker = try MosquittoBroker()
    for index in 0..<10 { try broker.publish(topic: "flood/\(index)", payload: "\(index)", retain: true) }
    let session = MQTTSession(
      configuration: MQTTSession.Configuration(
        broker: MQTTBroker(scheme: .mqtt, host: "127.0.0.1", port: broker.port), clientID: "test-\(UUID().uuidString)",
        subscriptions: ["flood/#"], maximumWaitingEvents: 4))
    try session.start()
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, session.droppedReceivedCount < 7 { usleep(10_000) }
    #expect(session.droppedReceivedCount == 7)
    let events = session.takeEvents()
    #expect(events.first == .connected, "\(events)")
    #expect(events.filter { if case .message = $0 { true } else { false } }.count == 3, "\(events)")
    session.close()
  }

  @Test func aBrokerThatRefusesTheCredentialsSaysSo() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mq-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // An empty password file: nobody is allowed, anonymous clients neither.
    let passwords = directory.appendingPathComponent("passwords").path
    try "".write(toFile: passwords, atomically: true, encoding: .utf8)
    let port = try LoopbackPort.free()
    let broker = try MosquittoBroker(
      port: port,
      extraConfiguration: ["listener \(port) 127.0.0.1", "allow_anonymous false", "password_file \(passwords)"])
    let session = MQTTSession(
      configuration: MQTTSession.Configuration(
        broker: MQTTBroker(scheme: .mqtt, host: "127.0.0.1", port: broker.port), clientID: "test-refused",
        credentials: MQTTCredentials(username: "pi", password: "wrong")))
    try session.start()
    let seen = events(of: session, until: { if case .refused = $0 { true } else { false } })
    let refusal = seen.compactMap { if case .refused(let reason) = $0 { reason } else { nil } }.first
    #expect(refusal == .notAuthorized || refusal == .badCredentials, "events: \(seen)")
    session.close()
  }

  /// A TLS listener with a certificate from a test authority that openssl makes here: the session
  /// that trusts that authority connects and publishes; one that trusts only the system's does not.
  @Test(.enabled(if: TestPaths.executable("openssl") != nil, "needs openssl to make a test certificate authority"))
  func mqttsConnectsWithTheGivenAuthorityOnly() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mq-tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = { (name: String) in directory.appendingPathComponent(name).path }
    try "subjectAltName=IP:127.0.0.1,DNS:localhost\n".write(toFile: path("ext.cnf"), atomically: true, encoding: .utf8)
    let openssl = try #require(TestPaths.executable("openssl"))
    for arguments in [
      [
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path("ca.key"), "-out", path("ca.crt"), "-days",
        "2",
        "-subj", "/CN=beacon-toolkit test CA",
      ],
      [
        "req", "-newkey", "rsa:2048", "-nodes", "-keyout", path("server.key"), "-out", path("server.csr"), "-subj",
        "/CN=localhost",
      ],
      [
        "x509", "-req", "-in", path("server.csr"), "-CA", path("ca.crt"), "-CAkey", path("ca.key"), "-CAcreateserial",
        "-out", path("server.crt"), "-days", "2", "-extfile", path("ext.cnf"),
      ],
    ] {
      let result = try ChildProcess(executable: openssl, arguments: arguments).finish()
      #expect(result.status == 0, "openssl \(arguments): \(result.stderr)")
    }
    // mosquitto started as root runs as the user mosquitto, which must read the test key.
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path("server.key"))
    let port = try LoopbackPort.free()
    let broker = try MosquittoBroker(
      port: port,
      extraConfiguration: [
        "listener \(port) 127.0.0.1", "cafile \(path("ca.crt"))", "certfile \(path("server.crt"))",
        "keyfile \(path("server.key"))",
      ])
    let trusting = MQTTSession(
      configuration: MQTTSession.Configuration(
        broker: MQTTBroker(scheme: .mqtts, host: "127.0.0.1", port: broker.port), clientID: "test-tls",
        certificateAuthorityFile: path("ca.crt")))
    try trusting.start()
    #expect(events(of: trusting, until: { $0 == .connected }).contains(.connected), "\(broker.log)")
    #expect(
      trusting.publish(MQTTMessage(topic: "fleet/tls", text: "over TLS", retain: true, qualityOfService: .atLeastOnce))
        == .queued)
    #expect(trusting.waitUntilSent(timeout: .seconds(5)))
    trusting.close()
    let doubting = MQTTSession(
      configuration: MQTTSession.Configuration(
        broker: MQTTBroker(scheme: .mqtts, host: "127.0.0.1", port: broker.port), clientID: "test-tls-untrusted"))
    try doubting.start()
    let refused = events(of: doubting, until: { $0 == .connected }, seconds: 3)
    #expect(!refused.contains(.connected))
    // libmosquitto says why: the certificate could not be verified.
    #expect(
      refused.contains {
        if case .problem(let text) = $0 { text.contains("certificate verify failed") } else { false }
      }, "\(refused)")
    doubting.close()
  }

  @Test func anUnreadableAuthorityFileIsRefusedBeforeConnecting() {
    let session = MQTTSession(
      configuration: MQTTSession.Configuration(
        broker: MQTTBroker(scheme: .mqtts, host: "127.0.0.1"), clientID: "test-no-ca",
        certificateAuthorityFile: "/nonexistent/ca.pem"))
    #expect(throws: MQTTSetupError.certificateAuthorityUnreadable("/nonexistent/ca.pem")) { try session.start() }
  }

  @Test func brokerURLs() throws {
    #expect(try MQTTBroker(parsing: "mqtt://pi.local") == MQTTBroker(scheme: .mqtt, host: "pi.local", port: 1883))
    #expect(try MQTTBroker(parsing: "mqtts://broker:8884/") == MQTTBroker(scheme: .mqtts, host: "broker", port: 8884))
    #expect(try MQTTBroker(parsing: "MQTT://[::1]:1884") == MQTTBroker(scheme: .mqtt, host: "::1", port: 1884))
    #expect(try MQTTBroker(parsing: "mqtts://::1").port == 8883)
    #expect(throws: MQTTBrokerError.notAURL("127.0.0.1:1883")) { try MQTTBroker(parsing: "127.0.0.1:1883") }
    #expect(throws: MQTTBrokerError.unknownScheme("ws://h", scheme: "ws")) { try MQTTBroker(parsing: "ws://h") }
    #expect(throws: MQTTBrokerError.credentialsInURL("mqtt://u:p@h")) { try MQTTBroker(parsing: "mqtt://u:p@h") }
    #expect(throws: MQTTBrokerError.hasPath("mqtt://h/x")) { try MQTTBroker(parsing: "mqtt://h/x") }
    #expect(throws: MQTTBrokerError.missingHost("mqtt://:1883")) { try MQTTBroker(parsing: "mqtt://:1883") }
    #expect(throws: MQTTBrokerError.badPort("mqtt://h:0", port: "0")) { try MQTTBroker(parsing: "mqtt://h:0") }
    #expect(MQTTBroker(scheme: .mqtts, host: "::1").description == "mqtts://[::1]:8883")
  }
}
