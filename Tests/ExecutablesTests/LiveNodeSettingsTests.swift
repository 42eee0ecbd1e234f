import BeaconTestSupport
import Foundation
import Testing

/// A fleet node on a live (emulated) radio keeps the settings it was sent across a restart:
/// `beacon-scan -i tcp:…` on a Bumble controller, with `STATE_DIRECTORY` set as the unit sets it,
/// a real mosquitto, and a beacon whose signal the test steps by 8 dB (carried away and back;
/// both levels "near"), so that the node's publishing deadband shows in what it publishes.
@Suite(
  .serialized,
  .enabled(
    if: Emulator.available && MosquittoBroker.isAvailable,
    "needs tools/.venv with Bumble and mosquitto (tools/test sets up both)"))
struct LiveNodeSettingsTests {
  static let node = "live-node"
  static let beaconTopic = "beacon-toolkit/live-node/beacons/ibeacon-f63b21ba-2635-4be4-b6ff-e2eab8b541c3-1-5"

  static func startNode(device: String, broker: MosquittoBroker, stateDirectory: String) throws -> ChildProcess {
    var environment = ProcessInfo.processInfo.environment
    environment["STATE_DIRECTORY"] = stateDirectory
    return try ChildProcess(
      executable: TestPaths.productsDirectory.appendingPathComponent("beacon-scan").path,
      arguments: [
        "-i", device, "--format", "json", "--mqtt", "mqtt://127.0.0.1:\(broker.port)", "--mqtt-node", node,
      ], environment: environment)
  }

  static func echo(_ broker: MosquittoBroker) throws -> [String: Any]? {
    try broker.retained("beacon-toolkit/\(node)/config")["beacon-toolkit/\(node)/config"].flatMap(MQTTCommandTests.json)
  }

  @Test func settingsSentToEveryNodeOutliveARestart() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let signal = directory.url.appendingPathComponent("rssi").path
    func carry(to rssi: Int) throws { try "\(rssi)\n".write(toFile: signal, atomically: true, encoding: .utf8) }
    try carry(to: -55)
    let emulator = try Emulator(
      controllers: 1,
      extra: [
        "--advertise-ibeacon", "F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3:1:5", "--rssi-from", signal, "--duration", "300",
      ])
    defer { emulator.stop() }
    let broker = try MosquittoBroker()
    let states = try broker.subscribe([Self.beaconTopic])
    let device = emulator.controllers[0].device
    let first = try Self.startNode(device: device, broker: broker, stateDirectory: directory.url.path)
    #expect(first.waitForStderr("scanning (", seconds: 15), "\(first.stderr)")
    #expect(try MQTTCommandTests.waitFor { try Self.echo(broker)?["scanInterval"] is Double }, "\(first.stderr)")
    // The default deadband, 2 dB: a step of 8 dB is published once the smoothed RSSI (10 s) and
    // the move (5 s steady) have settled.
    #expect(states.wait(seconds: 15) { !$0.isEmpty }, "no state: \(first.stderr)")
    try carry(to: -63)
    let stepped = Date()
    #expect(states.wait(seconds: 40) { $0.count >= 2 }, "the step was not published: \(states.received.count) states")
    let stepTook = Date().timeIntervalSince(stepped)
    // To every node: a deadband wider than the step; to this one: a scan timing of its own.
    try broker.publish(topic: "beacon-toolkit/all/config/set", payload: #"{"deadband": 15}"#)
    try broker.publish(
      topic: "beacon-toolkit/\(Self.node)/config/set", payload: #"{"scanInterval": 200, "scanWindow": 50}"#)
    #expect(
      try MQTTCommandTests.waitFor {
        let echo = try Self.echo(broker)
        return echo?["deadband"] as? Double == 15 && echo?["scanWindow"] as? Double == 50
      }, "\(first.stderr)")
    #expect(first.stderr.contains("interval 200 ms, window 50 ms"), "the new timing is scanned: \(first.stderr)")
    first.signal(SIGTERM)
    #expect(first.wait(seconds: 15) == 0, "\(first.stderr)")

    let beforeRestart = states.received.count
    let restarted = try Self.startNode(device: device, broker: broker, stateDirectory: directory.url.path)
    defer { restarted.stop() }
    #expect(restarted.waitForStderr("scanning (", seconds: 15), "\(restarted.stderr)")
    let file = directory.url.path + "/settings-\(Self.node).json"
    #expect(restarted.stderr.contains("settings from \(file)"), "\(restarted.stderr)")
    #expect(!restarted.stderr.contains("not used") && !restarted.stderr.contains("left out"), "\(restarted.stderr)")
    // The controller is set up with the saved timing from the start, not the default.
    #expect(restarted.stderr.contains("interval 200 ms, window 50 ms"), "\(restarted.stderr)")
    #expect(
      try MQTTCommandTests.waitFor {
        let echo = try Self.echo(broker)
        return echo?["deadband"] as? Double == 15 && echo?["scanInterval"] as? Double == 200
      }, "\(restarted.stderr)")
    // The saved deadband at work: the same step back, given twice the time the default took to
    // publish it (at least 20 s), publishes nothing after the first state.
    #expect(states.wait(seconds: 15) { $0.count > beforeRestart }, "no state after the restart")
    let afterFirst = states.received.count
    try carry(to: -55)
    Thread.sleep(forTimeInterval: max(20, 2 * stepTook))
    let published = states.received.dropFirst(afterFirst).map(\.payload)
    #expect(published.isEmpty, "\(published.count) states with a 15 dB deadband: \(published)")
    #expect(restarted.isRunning, "\(restarted.stderr)")
  }
}
