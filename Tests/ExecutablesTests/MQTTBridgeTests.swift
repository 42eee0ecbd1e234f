import BeaconTestSupport
import Foundation
import Testing

/// A fleet past one broker: each site's nodes report to a local mosquitto, bridged to a central
/// one (mosquitto's own `connection` bridge, the configuration Fleet.md gives). Two real brokers
/// and a real `beacon-scan`: what the node publishes reaches the central broker, retained as it
/// was; a setting published centrally reaches the node.
@Suite(.serialized) struct MQTTBridgeTests {
  /// The bridge lines of Fleet.md ("Growing past one broker"), to `central`.
  static func bridge(to central: MosquittoBroker) -> [String] {
    [
      "connection central",
      "address 127.0.0.1:\(central.port)",
      "topic beacon-toolkit/# out 1",
      "topic homeassistant/# out 1",
      "topic beacon-toolkit/+/config/set in 1",
      "topic homeassistant/status in 1",
    ]
  }

  @Test func aBridgedNodeIsSeenCentrallyAndTakesCentralSettings() throws {
    let central = try MosquittoBroker()
    let local = try MosquittoBroker(extraConfiguration: Self.bridge(to: central))
    // The bridge connects on its own schedule: wait until a message published centrally on a
    // topic it brings in arrives locally, before the node starts.
    let probe = try local.subscribe(["beacon-toolkit/probe/config/set"])
    #expect(
      try MQTTCommandTests.waitFor {
        try central.publish(topic: "beacon-toolkit/probe/config/set", payload: "{}")
        return !probe.received.isEmpty
      }, "\(local.log)")
    let node = MQTTCommandTests.node
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let feed = try SlowCaptureFeed(btsnoop: TestPaths.fixture("monitor-steady-and-moving.btsnoop"))
    var environment = ProcessInfo.processInfo.environment
    environment["STATE_DIRECTORY"] = directory.url.path
    let scanner = try MQTTCommandTests.startScan(feed: feed, broker: local, environment: environment)
    #expect(MQTTCommandTests.feedUntil(feed, scanner, says: "connected"), "\(scanner.stderr)")
    // The settings echo, published locally, is retained centrally.
    #expect(
      try MQTTCommandTests.waitFor {
        feed.feed(1)
        return try central.retained("beacon-toolkit/+/config")["beacon-toolkit/\(node)/config"] != nil
      }, "\(local.log)")
    // A setting published centrally reaches the node, whose echo comes back.
    try central.publish(topic: "beacon-toolkit/all/config/set", payload: #"{"heartbeat": 120}"#)
    #expect(
      try MQTTCommandTests.waitFor {
        feed.feed(1)
        let echo = try central.retained("beacon-toolkit/+/config")["beacon-toolkit/\(node)/config"]
        return echo.flatMap(MQTTCommandTests.json)?["heartbeat"] as? Double == 120
      }, "\(scanner.stderr)")
    feed.feed(feed.recordCount)
    feed.close()
    #expect(scanner.wait(seconds: 60) == 0, "\(scanner.stderr)")
    // The node's last telemetry, its availability and its beacons' discovery configs are retained
    // centrally, as Home Assistant and the judge there read them.
    #expect(
      try MQTTCommandTests.waitFor {
        try central.retained("beacon-toolkit/+/availability")["beacon-toolkit/\(node)/availability"] == "offline"
      })
    let telemetry = try central.retained("beacon-toolkit/+/telemetry")["beacon-toolkit/\(node)/telemetry"]
    #expect(telemetry.flatMap(MQTTCommandTests.json)?["controllerState"] as? String == "stopped")
    let configs = try MQTTCommandTests.beaconConfigs(central)
    #expect(configs.count == 3, "\(configs.keys.sorted())")
    // The site's broker dies: the bridge's will tells the central broker (its `$SYS` state 0).
    local.kill()
    var states: [String: String] = [:]
    #expect(
      try MQTTCommandTests.waitFor {
        states = try central.retained("$SYS/broker/connection/#")
        return states.contains { $0.key.hasSuffix("/state") && $0.value == "0" }
      }, "\(states)")
  }

  /// Mosquitto's shared subscriptions (`$share/GROUP/FILTER`, MQTT 3.1.1 clients too) hand each
  /// message to one member of the group in turn: what scales a stateless consumer out, and why a
  /// judge, which must see all of a node's and a beacon's messages, takes a subscription of its
  /// own instead (Fleet.md).
  @Test func aSharedSubscriptionSplitsEachNodesMessagesAmongItsMembers() throws {
    let broker = try MosquittoBroker()
    let first = try broker.subscribe(["$share/judges/beacon-toolkit/#"])
    let second = try broker.subscribe(["$share/judges/beacon-toolkit/#"])
    for index in 0..<6 { try broker.publish(topic: "beacon-toolkit/p1/telemetry", payload: "\(index)") }
    #expect(MQTTCommandTests.waitFor { first.received.count + second.received.count == 6 })
    #expect(!first.received.isEmpty && !second.received.isEmpty)
    #expect(first.received.count < 6 && second.received.count < 6)
  }
}
