import BeaconTestSupport
import Foundation
import Testing

/// `beacon-scan --expect` end to end on the station monitor's capture (Fixtures/scenarios/
/// monitor-station-health.json says what each beacon does): the health changes printed, the
/// alarm for each problem, and over MQTT to a real mosquitto.
@Suite struct StationHealthCommandTests {
  static let capture = TestPaths.fixture("monitor-station-health.btsnoop")
  static let expect = ["--expect", "Fatmawati,CipeteRaya,HajiNawi,BlokA"]
  /// What the scenario's phases say, station by station, in the order they happen.
  static let changes = [
    "Fatmawati": ["ok"], "CipeteRaya": ["ok", "weak", "ok", "suspicious", "silent"], "HajiNawi": ["ok", "suspicious"],
    "BlokA": ["silent"],
  ]

  static func events(_ stdout: String) -> [[String: Any]] {
    stdout.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
  }

  @Test func healthChangesArePrintedAndEachProblemRaisesTheAlarm() throws {
    let desktop = try RideAlertTests.StandInDesktop()
    defer { desktop.remove() }
    let result = try Executable.run(
      "beacon-scan", ["--replay", Self.capture, "--format", "json"] + Self.expect, environment: desktop.environment)
    #expect(result.status == 0, "\(result.stderr)")
    let events = Self.events(result.stdout)
    #expect(events.allSatisfy { $0["event"] as? String == "health" })
    var byStation: [String: [String]] = [:]
    for event in events {
      byStation[event["station"] as? String ?? "", default: []].append(event["status"] as? String ?? "")
    }
    #expect(byStation == Self.changes)
    let problems = Self.changes.values.joined().filter { $0 != "ok" }
    let calls = desktop.calls()
    let notifications = calls.filter { $0.first == "notify-send" }
    #expect(notifications.count == problems.count, "\(calls)")
    #expect(calls.filter { $0.first == "aplay" }.count == problems.count, "\(calls)")
    #expect(notifications.contains { $0.contains("Blok A beacon: silent") }, "\(notifications)")
    #expect(notifications.contains { $0.contains("Haji Nawi beacon: suspicious") }, "\(notifications)")
  }

  @Test func theTableShowsEachExpectedStationsHealth() throws {
    let result = try Executable.run("beacon-scan", ["--replay", Self.capture, "--table"] + Self.expect)
    #expect(result.status == 0, "\(result.stderr)")
    let block = result.stdout.split(separator: "\n").drop { !$0.hasPrefix("EXPECTED") }
    #expect(block.count == 5, "\(result.stdout)")
    let statuses = block.dropFirst().map { line in line.split(separator: " ", omittingEmptySubsequences: true) }
    #expect(statuses.map { $0.first.map(String.init) } == ["Fatmawati", "Cipete", "Haji", "Blok"])
    #expect(block.contains { $0.contains("Cipete Raya") && $0.contains("silent") })
    #expect(block.contains { $0.contains("Haji Nawi") && $0.contains("suspicious") })
    #expect(block.contains { $0.contains("Blok A") && $0.contains("never heard") })
  }

  @Test(.enabled(if: MosquittoBroker.isAvailable, "needs mosquitto and mosquitto-clients"))
  func healthIsRetainedOnTheBrokerWithAProblemSensorEach() throws {
    let broker = try MosquittoBroker()
    let result = try Executable.run(
      "beacon-scan",
      ["--replay", Self.capture, "--mqtt", "mqtt://127.0.0.1:\(broker.port)", "--mqtt-node", "platform"] + Self.expect)
    #expect(result.status == 0, "\(result.stderr)")
    let retained = try broker.retained("beacon-toolkit/platform/health/#")
    let statuses = retained.mapValues {
      ((try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any])?["status"] as? String
    }
    let key = { (minor: Int) in "beacon-toolkit/platform/health/ibeacon-f63b21ba-2635-4be4-b6ff-e2eab8b541c3-1-\(minor)"
    }
    #expect(statuses == [key(2): "ok", key(3): "silent", key(4): "suspicious", key(5): "silent"])
    let sensors = try broker.retained("homeassistant/binary_sensor/#")
    #expect(sensors.count == 4)
    for (topic, payload) in sensors {
      let config = try #require((try JSONSerialization.jsonObject(with: Data(payload.utf8))) as? [String: Any])
      #expect(config["device_class"] as? String == "problem", "\(topic)")
      #expect(retained[config["state_topic"] as? String ?? ""] != nil, "\(topic): its state topic has the health")
    }
  }

  @Test(arguments: [["--summary"], ["--once"]])
  func expectWithAnotherOutputIsRefused(other: [String]) throws {
    let result = try Executable.run("beacon-scan", ["--replay", Self.capture] + Self.expect + other)
    #expect(result.status == 64)
    #expect(result.stderr.contains("--expect prints health changes"))
  }

  /// A station monitor as beacon-scan.service runs it (`--notify`), with `--expect`: the health
  /// changes come among the station events, the same as without `--notify`.
  @Test func withNotifyHealthComesAmongTheStationEvents() throws {
    let alone = try Executable.run("beacon-scan", ["--replay", Self.capture, "--format", "json"] + Self.expect)
    let both = try Executable.run(
      "beacon-scan", ["--replay", Self.capture, "--format", "json", "--notify"] + Self.expect)
    #expect(both.status == 0, "\(both.stderr)")
    let events = Self.events(both.stdout)
    let health = events.filter { $0["event"] as? String == "health" }
    #expect(
      health.map { "\($0["station"] ?? "")/\($0["status"] ?? "")" }
        == Self.events(alone.stdout).map { "\($0["station"] ?? "")/\($0["status"] ?? "")" })
    let notifyAlone = try Executable.run("beacon-scan", ["--replay", Self.capture, "--format", "json", "--notify"])
    #expect(events.filter { $0["event"] as? String != "health" }.count == Self.events(notifyAlone.stdout).count)
    #expect(!Self.events(notifyAlone.stdout).isEmpty)
  }

  @Test func anUnknownStationIsRefusedWithTheNames() throws {
    let result = try Executable.run("beacon-scan", ["--replay", Self.capture, "--expect", "Atlantis"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("no station named \"Atlantis\""))
    #expect(result.stderr.contains("CipeteRaya"))
  }
}
