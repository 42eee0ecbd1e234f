import BeaconTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `beacon-scan --mqtt` against a real mosquitto broker, read back with mosquitto's own clients:
/// what is printed does not change, every beacon's state and a usable Home Assistant config are
/// published, the node's availability ends `offline` (said, or as its last will when killed),
/// and a broker that is away, killed or restarted never costs a printed row.
@Suite(.enabled(if: MosquittoBroker.isAvailable, "needs mosquitto and mosquitto-clients (tools/test installs them)"))
struct MQTTCommandTests {
  static let node = "test-node"

  static func scan(_ arguments: [String], standardInput: String? = nil) throws -> ProcessResult {
    try ChildProcess(
      executable: TestPaths.productsDirectory.appendingPathComponent("beacon-scan").path, arguments: arguments,
      standardInput: standardInput
    ).finish()
  }

  /// The replays: fixtures of every kind of beacon, and the real third-party captures when present.
  static var captures: [String] {
    let fixtures = [
      "ride-lebak-bulus-to-bundaran-hi.btsnoop", "tricky-reports.btsnoop", "raw-hci-1001.btsnoop",
      "ride-android-h4.btsnoop", "ride-rogue-far-beacon.btsnoop",
    ].map(TestPaths.fixture)
    guard TestPaths.sharedCapturesAvailable,
      let table = try? String(
        contentsOf: TestPaths.sharedCaptures.appendingPathComponent("expected.tsv"), encoding: .utf8)
    else { return fixtures }
    let shared = Set(table.split(separator: "\n").dropFirst().compactMap { $0.split(separator: "\t").first })
      .sorted().map { TestPaths.sharedCaptures.appendingPathComponent(String($0)).path }
    return fixtures + shared
  }

  /// The topic key of each beacon in `jsonLines` (beacon-scan's JSON output), written from the
  /// README's schema and independently of the code under test.
  static func keys(inJSONLines jsonLines: String) throws -> Set<String> {
    var keys: Set<String> = []
    for line in jsonLines.split(separator: "\n") {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      switch object["kind"] as? String {
      case "ibeacon", "altbeacon":
        let uuid = try #require(object["uuid"] as? String).lowercased()
        keys.insert("\(object["kind"] ?? "")-\(uuid)-\(object["major"] ?? "")-\(object["minor"] ?? "")")
      case "eddystone-uid":
        let namespace = try #require(object["namespace"] as? String).lowercased()
        let instance = try #require(object["instance"] as? String).lowercased()
        keys.insert("eddystone-uid-\(namespace)-\(instance)")
      default:
        Issue.record("unknown kind in \(line)")
      }
    }
    return keys
  }

  /// The retained discovery configs of beacons: all but the node's telemetry sensors.
  static func beaconConfigs(_ broker: MosquittoBroker) throws -> [String: String] {
    try broker.retained("homeassistant/#").filter { !$0.key.contains("/telemetry-") }
  }

  static func json(_ text: String) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
  }

  @Test(arguments: captures)
  func aReplayPrintsTheSameAndPublishesEveryBeacon(capture: String) throws {
    let broker = try MosquittoBroker()
    let subscriber = try broker.subscribe(["beacon-toolkit/#"])
    let plain = try Self.scan(["--replay", capture, "--format", "json"])
    let reported = try Self.scan(
      ["--replay", capture, "--format", "json", "--mqtt", "mqtt://127.0.0.1:\(broker.port)", "--mqtt-node", Self.node])
    #expect(reported.status == 0, "\(reported.stderr)")
    #expect(reported.stdout == plain.stdout)
    let keys = try Self.keys(inJSONLines: plain.stdout)
    let stateTopics = Set(keys.map { "beacon-toolkit/\(Self.node)/beacons/\($0)" })
    #expect(
      subscriber.wait { messages in stateTopics.isSubset(of: Set(messages.map(\.topic))) },
      "no state for \(stateTopics.subtracting(subscriber.received.map(\.topic)).sorted())")
    for message in subscriber.received where message.topic.contains("/beacons/") {
      let state = try #require(Self.json(message.payload), "\(message.payload)")
      #expect(state["node"] as? String == Self.node)
      #expect(stateTopics.contains(message.topic), "a state for a beacon not printed: \(message.topic)")
      #expect(state["lastSeen"] is String && state["reports"] is Int && state["id"] is String)
    }
    // A usable retained discovery config for each, whose state topic received the states.
    let configs = try Self.beaconConfigs(broker)
    #expect(configs.count == keys.count)
    for key in keys {
      let topic = "homeassistant/sensor/\(Self.node)/\(key)/config"
      let config = try #require(configs[topic].flatMap(Self.json), "no config at \(topic)")
      let stateTopic = try #require(config["state_topic"] as? String)
      #expect(stateTopics.contains(stateTopic))
      #expect(config["unique_id"] as? String == "beacon-toolkit-\(Self.node)-\(key)")
      #expect(config["availability_topic"] as? String == "beacon-toolkit/\(Self.node)/availability")
      #expect(((config["device"] as? [String: Any])?["identifiers"] as? [String])?.isEmpty == false)
      #expect((config["origin"] as? [String: Any])?["name"] as? String == "beacon-toolkit")
    }
    #expect(
      try broker.retained("beacon-toolkit/+/availability") == ["beacon-toolkit/\(Self.node)/availability": "offline"])
    #expect(reported.stderr.contains("mqtt://127.0.0.1:\(broker.port): connected"))
  }

  /// A station monitor (`--notify`, as beacon-scan.service runs it) publishes too, and prints
  /// the same station events.
  @Test func stationEventsPrintTheSameAndEveryBeaconIsPublished() throws {
    let ride = TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")
    let broker = try MosquittoBroker()
    let plain = try Self.scan(["--replay", ride, "--notify", "--format", "json"])
    let reported = try Self.scan(
      [
        "--replay", ride, "--notify", "--format", "json", "--mqtt", "mqtt://127.0.0.1:\(broker.port)", "--mqtt-node",
        Self.node,
      ])
    #expect(reported.status == 0, "\(reported.stderr)")
    #expect(reported.stdout == plain.stdout)
    let keys = try Self.keys(inJSONLines: try Self.scan(["--replay", ride, "--format", "json"]).stdout)
    #expect(
      Set(try Self.beaconConfigs(broker).keys) == Set(keys.map { "homeassistant/sensor/\(Self.node)/\($0)/config" }))
  }

  /// `--mqtt-layout espresense`: what ESPresense's own nodes publish, so its companion and Home
  /// Assistant's mqtt_room take the scanner as a room. Its ids, written here from the printed
  /// JSON: `iBeacon:` and the UUID in lower case without dashes, `-MAJOR-MINOR`.
  @Test func theESPresenseLayoutPublishesRoomsAndDevices() throws {
    let ride = TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")
    let broker = try MosquittoBroker()
    let subscriber = try broker.subscribe(["espresense/#"])
    let result = try Self.scan(
      [
        "--replay", ride, "--format", "json", "--mqtt", "mqtt://127.0.0.1:\(broker.port)", "--mqtt-layout",
        "espresense", "--mqtt-node", "platform",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    var ids: Set<String> = []
    for line in result.stdout.split(separator: "\n") {
      let object = try #require(Self.json(String(line)))
      guard object["kind"] as? String == "ibeacon", let uuid = object["uuid"] as? String else { continue }
      ids.insert(
        "iBeacon:\(uuid.lowercased().replacingOccurrences(of: "-", with: ""))-\(object["major"] ?? "")-\(object["minor"] ?? "")"
      )
    }
    let topics = Set(ids.map { "espresense/devices/\($0)/platform" })
    #expect(
      subscriber.wait { topics.isSubset(of: Set($0.map(\.topic))) },
      "\(topics.subtracting(subscriber.received.map(\.topic)))")
    for message in subscriber.received where message.topic.hasPrefix("espresense/devices/") {
      let device = try #require(Self.json(message.payload))
      #expect(message.topic == "espresense/devices/\(device["id"] as? String ?? "")/platform")
      #expect(device["rssi@1m"] is Int && device["rssi"] != nil && device["distance"] != nil)
    }
    let retained = try broker.retained("#")
    #expect(retained["espresense/rooms/platform/status"] == "offline")
    #expect(retained.keys.allSatisfy { !$0.hasPrefix("homeassistant/") })
  }

  @Test func withoutABrokerEveryRowIsPrintedAndTheScanEndsWithinSeconds() throws {
    let ride = TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")
    let port = try LoopbackPort.free()
    let plainStarted = Date()
    let plain = try Self.scan(["--replay", ride])
    let plainTook = Date().timeIntervalSince(plainStarted)
    let started = Date()
    let reported = try Self.scan(["--replay", ride, "--mqtt", "mqtt://127.0.0.1:\(port)"])
    let took = Date().timeIntervalSince(started)
    #expect(reported.status == 0)
    #expect(reported.stdout == plain.stdout)
    // Timed beside the same replay without MQTT: the missing broker costs the publisher's two
    // bounded waits (3 s for a first connection, at most 5 s to finish), not a wait per message
    // (41 of them here) or a retry that never ends. The bound leaves room for a loaded machine
    // under a sanitizer (7.5 s measured under TSan beside the kernel lab), which a 6 s bound
    // did not.
    #expect(took - plainTook < 20, "took \(took) s, without MQTT \(plainTook) s")
    #expect(reported.stderr.contains("0 message(s) published,"), "\(reported.stderr)")
    #expect(reported.stderr.contains("not sent (no broker took them)"))
    #expect(reported.stderr.contains("the host refused the connection (is the broker running"), "\(reported.stderr)")
  }

  /// A misspelt broker name and a host with no broker are told apart, each with what to check.
  /// (`.invalid` never resolves: RFC 6761.)
  @Test func aNameThatDoesNotResolveIsToldAsSuch() throws {
    let ride = TestPaths.fixture("ride-stops-short.btsnoop")
    let reported = try Self.scan(["--replay", ride, "--mqtt", "mqtt://broker.nosuch.invalid"])
    #expect(reported.status == 0)
    #expect(
      reported.stderr.contains("mqtt://broker.nosuch.invalid:1883: the host name does not resolve (check the name"),
      "\(reported.stderr)")
    #expect(!reported.stderr.contains("refused"), "\(reported.stderr)")
  }
  /// Starts `beacon-scan --replay -` on `feed` with `--mqtt` to `broker`, JSON lines out.
  static func startScan(
    feed: SlowCaptureFeed, broker: MosquittoBroker, node: String = node, extraArguments: [String] = [],
    environment: [String: String]? = nil
  ) throws -> ChildProcess {
    feed.prepare()
    let scanner = try ChildProcess(
      executable: TestPaths.productsDirectory.appendingPathComponent("beacon-scan").path,
      arguments: [
        "--replay", "-", "--format", "json", "--mqtt", "mqtt://127.0.0.1:\(broker.port)", "--mqtt-node", node,
      ] + extraArguments, environment: environment,
      standardInput: feed.path)
    feed.attach()
    return scanner
  }

  /// Feeds `feed` a record at a time until `scanner` has said `text` on standard error (the
  /// reporter takes the session's news with each sighting); whether it did within 15 s.
  static func feedUntil(_ feed: SlowCaptureFeed, _ scanner: ChildProcess, says text: String) -> Bool {
    waitFor {
      feed.feed(1)
      return scanner.stderr.contains(text)
    }
  }

  static func waitFor(seconds: Double = 15, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try condition() { return true }
      usleep(50_000)
    }
    return try condition()
  }

  @Test func aBrokerKilledAndRestartedMidRunCostsNoRowAndMessagesResume() throws {
    let ride = TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")
    let plain = try Self.scan(["--replay", ride, "--format", "json"])
    let broker = try MosquittoBroker()
    let before = try broker.subscribe(["beacon-toolkit/#"])
    let feed = try SlowCaptureFeed(btsnoop: ride)
    let scanner = try Self.startScan(feed: feed, broker: broker)
    let third = feed.recordCount / 3
    feed.feed(third)
    #expect(before.wait { $0.contains { $0.topic.contains("/beacons/") } }, "no state before the kill")
    broker.kill()
    feed.feed(third)
    // The reporter takes the session's news with each sighting: a record at a time until it tells.
    #expect(Self.feedUntil(feed, scanner, says: "connection lost"), "\(scanner.stderr)")
    try broker.start()
    let after = try broker.subscribe(["beacon-toolkit/#"])
    #expect(Self.feedUntil(feed, scanner, says: "connected again"), "\(scanner.stderr)")
    feed.feed(feed.recordCount)
    feed.close()
    #expect(scanner.wait(seconds: 30) == 0, "\(scanner.stderr)")
    #expect(scanner.stdout == plain.stdout)
    // States resumed after the restart, and the configs the restarted broker had forgotten are back.
    #expect(after.received.contains { $0.topic.contains("/beacons/") })
    let keys = try Self.keys(inJSONLines: plain.stdout)
    let configs = try Self.beaconConfigs(broker)
    #expect(Set(configs.keys) == Set(keys.map { "homeassistant/sensor/\(Self.node)/\($0)/config" }))
    #expect(try broker.retained("beacon-toolkit/+/availability").values.first == "offline")
  }

  @Test func aKilledScannerLeavesItsLastWillAndHomeAssistantGetsTheConfigsAgain() throws {
    let ride = TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")
    let broker = try MosquittoBroker()
    let feed = try SlowCaptureFeed(btsnoop: ride)
    let scanner = try Self.startScan(feed: feed, broker: broker)
    feed.feed(feed.recordCount / 2)
    let availability = "beacon-toolkit/\(Self.node)/availability"
    // `online` comes from the session as the broker accepts it; the configs wait for the
    // reporter's turn, which a replay takes with each sighting: a record at a time until they are there.
    #expect(try Self.waitFor { try broker.retained("beacon-toolkit/#")[availability] == "online" })
    #expect(
      try Self.waitFor {
        feed.feed(1)
        return try !broker.retained("homeassistant/#").isEmpty
      })
    // Home Assistant restarts: it says online, and the node sends every config again.
    let announced = try broker.retained("homeassistant/#").count
    let configs = try broker.subscribe(["homeassistant/sensor/#"])
    try broker.publish(topic: "homeassistant/status", payload: "online")
    // (A replay takes the session's news with each sighting: a record at a time until it has.)
    #expect(
      Self.waitFor {
        feed.feed(1)
        return configs.received.filter { !$0.retained }.count >= announced
      }, "configs sent again: \(configs.received.filter { !$0.retained }.count) of \(announced)")
    scanner.signal(SIGKILL)
    #expect(scanner.wait(seconds: 5) == 128 + SIGKILL)
    #expect(try Self.waitFor(seconds: 5) { try broker.retained("beacon-toolkit/#")[availability] == "offline" })
  }
}

/// A capture fed to `beacon-scan --replay -` through a FIFO, a record at a time, so that a test
/// can act on the broker while the scan runs.
final class SlowCaptureFeed {
  let path: String
  private let header: Data
  private let records: [Data]
  private var descriptor: Int32 = -1
  private(set) var fed = 0

  /// Splits a btsnoop capture into its 16-byte file header and its records (24-byte record
  /// headers: original length, included length, flags, drops, timestamp; then the packet).
  init(btsnoop: String) throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: btsnoop))
    header = bytes.prefix(16)
    var records: [Data] = []
    var times: [Int64] = []
    var offset = 16
    while offset + 24 <= bytes.count {
      let start = bytes.startIndex + offset
      let included = bytes[(start + 4)..<(start + 8)].reduce(0) { $0 << 8 | Int($1) }
      records.append(bytes[start..<(start + 24 + included)])
      times.append(bytes[(start + 16)..<(start + 24)].reduce(Int64(0)) { $0 << 8 | Int64($1) })
      offset += 24 + included
    }
    self.records = records
    recordTimes = times
    path = FileManager.default.temporaryDirectory.appendingPathComponent("feed-\(UUID().uuidString)").path
    guard mkfifo(path, 0o600) == 0 else { throw POSIXError(.EIO) }
  }

  var recordCount: Int { records.count }
  /// Each record's timestamp (btsnoop's microseconds).
  let recordTimes: [Int64]

  /// Feeds the records up to `seconds` after the first record's time (the capture's clock).
  func feed(throughCaptureSeconds seconds: Double) {
    guard let first = recordTimes.first else { return }
    let limit = first + Int64(seconds * 1_000_000)
    var end = fed
    while end < records.count, recordTimes[end] <= limit { end += 1 }
    feed(end - fed)
  }

  private var readerHold: Int32 = -1

  /// Opens both ends before the scanner starts, so that neither `posix_spawn` (which waits for
  /// the child to open its standard input) nor this side blocks; call ``attach()`` once it runs.
  func prepare() {
    // Close-on-exec: a writing end inherited by the scanner would keep its input from ending.
    readerHold = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    descriptor = Glibc.open(path, O_WRONLY | O_CLOEXEC)
  }

  /// Lets go of this side's reading end and writes the file header.
  func attach() {
    Glibc.close(readerHold)
    readerHold = -1
    write(header)
  }

  /// Writes the next `count` records.
  func feed(_ count: Int) {
    let end = min(records.count, fed + count)
    for record in records[fed..<end] { write(record) }
    fed = end
  }

  func close() {
    if descriptor >= 0 { Glibc.close(descriptor) }
    if readerHold >= 0 { Glibc.close(readerHold) }
    descriptor = -1
    readerHold = -1
  }

  private func write(_ data: Data) {
    data.withUnsafeBytes { buffer in
      var written = 0
      while written < buffer.count {
        let result = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
        if result <= 0 { return }
        written += result
      }
    }
  }

  deinit {
    close()
    unlink(path)
  }
}

/// `beacon-broadcast --mqtt` on an emulated controller (Bumble over TCP), reporting to a real
/// mosquitto: what it advertises, retained, `advertising` then `stopped`; its availability ends
/// `offline`; Home Assistant gets a "running" sensor for the node.
@Suite(
  .enabled(if: MosquittoBroker.isAvailable, "needs mosquitto and mosquitto-clients"),
  .enabled(if: Emulator.available, "tools/.venv with Bumble not found (tools/test creates it)"))
struct BroadcastMQTTCommandTests {
  @Test func theBroadcasterReportsWhatItAdvertisesAndWhenItStops() throws {
    let emulator = try Emulator(controllers: 1)
    defer { emulator.stop() }
    let broker = try MosquittoBroker()
    let subscriber = try broker.subscribe(["beacon-toolkit/#"])
    let result = try Executable.run(
      "beacon-broadcast",
      [
        "-i", emulator.controllers[0].device, "--station", "CipeteRaya", "--duration", "2", "--mqtt",
        "mqtt://127.0.0.1:\(broker.port)", "--mqtt-node", "platform-beacon",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let topic = "beacon-toolkit/platform-beacon/broadcast"
    #expect(subscriber.wait { $0.contains { $0.topic == topic && $0.payload.contains("\"state\":\"stopped\"") } })
    let states = subscriber.received.filter { $0.topic == topic }.compactMap {
      ((try? JSONSerialization.jsonObject(with: Data($0.payload.utf8))) as? [String: Any])
    }
    #expect(states.map { $0["state"] as? String } == ["advertising", "stopped"], "\(subscriber.received)")
    #expect(states.allSatisfy { $0["station"] as? String == "CipeteRaya" && $0["minor"] as? Int == 3 })
    #expect(states.first?["device"] as? String == emulator.controllers[0].device)
    let retained = try broker.retained("#")
    #expect(retained["beacon-toolkit/platform-beacon/availability"] == "offline")
    #expect(retained[topic]?.contains("\"state\":\"stopped\"") == true)
    let config = try #require(retained["homeassistant/binary_sensor/platform-beacon/broadcast/config"])
    let object = try #require((try JSONSerialization.jsonObject(with: Data(config.utf8))) as? [String: Any])
    #expect(object["state_topic"] as? String == topic)
    #expect(object["device_class"] as? String == "running")
  }

  @Test func aDryRunHasNothingToReport() throws {
    let result = try Executable.run("beacon-broadcast", ["--station", "CipeteRaya", "--mqtt", "mqtt://127.0.0.1"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--mqtt reports what is advertised: give -i DEVICE"))
  }
}
