import BeaconTestSupport
import Foundation
import Testing

/// `beacon-fleet` judges a fleet of real `beacon-scan` nodes over a real mosquitto. Three nodes
/// replay the 7-minute station-monitor capture ten times faster than recorded: Cipete Raya's
/// beacon falls silent for its last 60 s (360 s in), and the third node's feed stops at 200 s
/// while it keeps running: it goes deaf. The judge must name that node deaf and that beacon
/// dead, each within two silent-afters, and nothing else.
@Suite(.serialized) struct BeaconFleetTests {
  static let capture = TestPaths.fixture("monitor-station-health.btsnoop")
  static let speed = 10.0
  static let silentAfter = 6.0

  @Test func theJudgeNamesTheDeadBeaconAndTheDeafNodeAndNothingElse() throws {
    let broker = try MosquittoBroker()
    let judge = try ChildProcess(
      executable: TestPaths.productsDirectory.appendingPathComponent("beacon-fleet").path,
      arguments: [
        "--mqtt", "mqtt://127.0.0.1:\(broker.port)", "--mqtt-node", "judge", "--expect",
        "Fatmawati,CipeteRaya,HajiNawi", "--silent-after", "\(Self.silentAfter)", "--format", "json", "--duration",
        "46",
      ])
    // A second judge shows the fleet as a table: not on a terminal, printed once at the end.
    let tableJudge = try ChildProcess(
      executable: TestPaths.productsDirectory.appendingPathComponent("beacon-fleet").path,
      arguments: [
        "--mqtt", "mqtt://127.0.0.1:\(broker.port)", "--mqtt-node", "table-judge", "--expect",
        "Fatmawati,CipeteRaya,HajiNawi", "--silent-after", "\(Self.silentAfter)", "--table", "--duration", "46",
      ])
    #expect(MQTTCommandTests.waitFor { judge.stderr.contains("connected") }, "\(judge.stderr)")
    #expect(MQTTCommandTests.waitFor { tableJudge.stderr.contains("connected") }, "\(tableJudge.stderr)")
    var nodes: [(name: String, scan: ChildProcess, feed: SlowCaptureFeed)] = []
    for name in ["platform-1", "platform-2", "platform-3"] {
      let feed = try SlowCaptureFeed(btsnoop: Self.capture)
      feed.prepare()
      // Two capture seconds between the states of a beacon that stands still: 0.2 s here.
      let scan = try ChildProcess(
        executable: TestPaths.productsDirectory.appendingPathComponent("beacon-scan").path,
        arguments: [
          "--replay", "-", "--format", "json", "--mqtt", "mqtt://127.0.0.1:\(broker.port)", "--mqtt-node", name,
          "--mqtt-heartbeat", "2", "--mqtt-telemetry", "5",
        ], standardInput: feed.path)
      feed.attach()
      nodes.append((name, scan, feed))
    }
    let clock = ContinuousClock()
    let started = clock.now
    // The capture is 420 s long: 42 s here. platform-3 stops at 200 s (20 s here). The judge
    // stops at 46 s, before the whole fleet, its captures ended, has heard nothing for a
    // silent-after (which would withdraw both verdicts: a fleet that is all quiet blames nobody).
    while clock.now - started < .seconds(44) {
      let captureSeconds = (clock.now - started).secondsValue * Self.speed
      for node in nodes {
        node.feed.feed(throughCaptureSeconds: node.name == "platform-3" ? min(captureSeconds, 200) : captureSeconds)
      }
      usleep(50_000)
    }
    #expect(judge.wait(seconds: 20) == 0, "\(judge.stderr)")
    #expect(tableJudge.wait(seconds: 20) == 0, "\(tableJudge.stderr)")
    for node in nodes {
      node.feed.close()
      _ = node.scan.wait(seconds: 20)
    }
    let verdicts = jsonLines(judge.stdout)
    let given = verdicts.filter { $0["given"] as? Bool == true }
    #expect(given.count == 2, "\(judge.stdout)")
    let deaf = given.first { $0["verdict"] as? String == "deaf" }
    let dead = given.first { $0["verdict"] as? String == "dead" }
    #expect(deaf?["node"] as? String == "platform-3", "\(judge.stdout)")
    #expect(dead?["station"] as? String == "CipeteRaya", "\(judge.stdout)")
    // Within two silent-afters of the moment each became true (20 s and 36 s into the run).
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let start = Date().addingTimeInterval(-(clock.now - started).secondsValue)
    func seconds(_ verdict: [String: Any]?) -> Double? {
      (verdict?["time"] as? String).flatMap { formatter.date(from: $0) }.map { $0.timeIntervalSince(start) }
    }
    let deafAt = try #require(seconds(deaf))
    let deadAt = try #require(seconds(dead))
    #expect(deafAt > 20 && deafAt < 20 + 2 * Self.silentAfter + 1, "deaf at \(deafAt) s")
    #expect(deadAt > 36 && deadAt < 36 + 2 * Self.silentAfter + 1, "dead at \(deadAt) s")
    // Retained for whoever comes later: the verdicts in force, and "ok" of the rest, said once
    // the judge had judged for a silent-after.
    let retained = try broker.retained("beacon-toolkit/judge/verdicts/#")
    #expect(retained["beacon-toolkit/judge/verdicts/nodes/platform-3"]?.contains("\"deaf\"") == true, "\(retained)")
    let cipeteKey = try #require(dead?["beacon"] as? String)
    #expect(retained["beacon-toolkit/judge/verdicts/beacons/\(cipeteKey)"]?.contains("\"dead\"") == true, "\(retained)")
    for node in ["platform-1", "platform-2"] {
      #expect(retained["beacon-toolkit/judge/verdicts/nodes/\(node)"]?.contains("\"ok\"") == true, "\(retained)")
    }
    #expect(retained.count == 6, "3 beacons and 3 nodes: \(retained.keys.sorted())")
    // Home Assistant's problem sensors: one per expected beacon on the beacon's device, one per
    // node on the node's, each reading its verdict topic.
    let configs = try broker.retained("homeassistant/binary_sensor/judge/#")
    #expect(configs.count == 6, "\(configs.keys.sorted())")
    let deafConfig = try #require(configs["homeassistant/binary_sensor/judge/node-verdict-platform-3/config"])
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(deafConfig.utf8)) as? [String: Any], "\(deafConfig)")
    #expect(object["state_topic"] as? String == "beacon-toolkit/judge/verdicts/nodes/platform-3")
    #expect(object["device_class"] as? String == "problem")
    #expect((object["device"] as? [String: Any])?["identifiers"] as? [String] == ["beacon-toolkit-node-platform-3"])
    #expect(
      configs["homeassistant/binary_sensor/judge/beacon-verdict-\(cipeteKey)/config"]?.contains("Cipete Raya beacon")
        == true)
    // The table judge's last word: the fleet, the verdicts first.
    let table = tableJudge.stdout
    #expect(table.contains("node platform-3 is deaf"), "\(table)")
    #expect(table.contains("beacon \(cipeteKey) is dead (Cipete Raya)"), "\(table)")
    #expect(table.contains("3 node(s), 3 online; 3 expected station(s); 2 verdict(s)"), "\(table)")
    let rows = table.split(separator: "\n").map(String.init)
    #expect(rows.contains { $0.hasPrefix("Cipete Raya") && $0.hasSuffix("dead") }, "\(table)")
    #expect(rows.contains { $0.hasPrefix("platform-3") && $0.hasSuffix("deaf") }, "\(table)")
    #expect(rows.contains { $0.hasPrefix("platform-1") && $0.hasSuffix("ok") }, "\(table)")
  }
}
