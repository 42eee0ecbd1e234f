import BeaconTestSupport
import Foundation
import Testing

/// `beacon-scan --mqtt` says how the node itself is doing on `PREFIX/NODE/telemetry`, retained,
/// with a Home Assistant diagnostic sensor per field: a real mosquitto, a real `beacon-scan`.
@Suite(.serialized) struct MQTTTelemetryTests {
  @Test func aReplayLeavesItsLastTelemetryAndTheDiagnosticSensors() throws {
    let broker = try MosquittoBroker()
    let capture = TestPaths.fixture("monitor-steady-and-moving.btsnoop")
    let scan = try MQTTCommandTests.scan([
      "--replay", capture, "--summary", "--mqtt", "mqtt://127.0.0.1:\(broker.port)", "--mqtt-node",
      MQTTCommandTests.node,
    ])
    #expect(scan.status == 0, "\(scan.stderr)")
    let topic = "beacon-toolkit/\(MQTTCommandTests.node)/telemetry"
    let retained = try broker.retained("beacon-toolkit/+/telemetry")
    let telemetry = try #require(retained[topic].flatMap(MQTTCommandTests.json), "\(retained)")
    #expect(telemetry["controllerState"] as? String == "stopped")
    #expect(telemetry["controller"] as? String == capture)
    // The capture's three station beacons; nothing waited or was lost on a broker that was up.
    #expect(telemetry["beaconsTracked"] as? Int == 3)
    #expect(telemetry["queueDepth"] as? Int == 0)
    #expect(telemetry["dropped"] as? Int == 0)
    #expect((telemetry["peakRSSMiB"] as? Double ?? 0) > 1)
    #expect((telemetry["reportsPerSecond"] as? Double ?? 0) > 0)
    #expect(telemetry["scanDuty"] is NSNull, "a replay scans nothing")
    #expect(telemetry["version"] is String && telemetry["uptime"] is Int)
    #expect(telemetry["node"] as? String == MQTTCommandTests.node)
    // A diagnostic sensor per field, on the node's device, reading the field from the topic.
    let configs = try broker.retained("homeassistant/sensor/\(MQTTCommandTests.node)/+/config")
      .filter { $0.key.contains("/telemetry-") }
    #expect(configs.count == 9)
    for field in [
      "uptime", "controllerState", "reportsPerSecond", "beaconsTracked", "queueDepth", "dropped",
      "peakRSSMiB", "scanDuty", "version",
    ] {
      let config = try #require(
        configs["homeassistant/sensor/\(MQTTCommandTests.node)/telemetry-\(field.lowercased())/config"]
          .flatMap(MQTTCommandTests.json), "\(field)")
      #expect(config["state_topic"] as? String == topic)
      #expect(config["value_template"] as? String == "{{ value_json.\(field) }}")
      #expect(config["entity_category"] as? String == "diagnostic")
      let device = config["device"] as? [String: Any]
      let identifiers = device?["identifiers"] as? [String]
      #expect(identifiers == ["beacon-toolkit-node-\(MQTTCommandTests.node)"])
      #expect(telemetry.keys.contains(field), "the telemetry has no \(field)")
    }
  }

  /// While a slow replay runs, telemetry comes once at the start and then once per
  /// `--mqtt-telemetry`, counting the reports heard in between.
  @Test func telemetryComesAtItsIntervalWhileTheRunGoesOn() throws {
    let broker = try MosquittoBroker()
    let subscriber = try broker.subscribe(["beacon-toolkit/+/telemetry"])
    let feed = try SlowCaptureFeed(btsnoop: TestPaths.fixture("monitor-steady-and-moving.btsnoop"))
    let scanner = try MQTTCommandTests.startScan(feed: feed, broker: broker, extraArguments: ["--mqtt-telemetry", "5"])
    #expect(MQTTCommandTests.feedUntil(feed, scanner, says: "connected"), "\(scanner.stderr)")
    let clock = ContinuousClock()
    let started = clock.now
    while clock.now - started < .seconds(11) {
      feed.feed(5)
      usleep(100_000)
    }
    feed.feed(feed.recordCount)
    feed.close()
    #expect(scanner.wait(seconds: 30) == 0, "\(scanner.stderr)")
    #expect(subscriber.wait { $0.contains { $0.payload.contains("\"stopped\"") } })
    let states = subscriber.received.compactMap { MQTTCommandTests.json($0.payload) }
    // The first, two more 5 s apart over 11 s, and the last.
    #expect((4...5).contains(states.count), "\(states.count) telemetry messages")
    #expect(states.dropLast().allSatisfy { $0["controllerState"] as? String == "replaying" })
    #expect(states.dropFirst().dropLast().allSatisfy { ($0["reportsPerSecond"] as? Double ?? 0) > 0 })
  }
}
