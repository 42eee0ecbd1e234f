import BeaconTestSupport
import Foundation
import Testing

/// `beacon-scan -i A -i B`: several radios in one process, one stream, each sighting tagged
/// with its radio; losing one keeps the others.
@Suite struct SeveralRadiosTests {
  static let monitor = TestPaths.fixture("monitor-station-health.btsnoop")
  static let ride = TestPaths.fixture("ride-lebak-bulus-to-bundaran-hi.btsnoop")

  /// A sighting without its radio, to compare a radio's share with a replay of it alone.
  static func key(_ line: [String: Any]) -> String {
    ["time", "address", "rssi", "uuid", "major", "minor", "namespace", "instance"].map { "\(line[$0] ?? "-")" }
      .joined(separator: "|")
  }

  @Test func twoCapturesAreOneStreamEachSightingTaggedWithItsRadio() throws {
    let both = try Executable.run(
      "beacon-scan", ["-i", "replay:\(Self.monitor)", "-i", "replay:\(Self.ride)", "--format", "json"])
    #expect(both.status == 0, "\(both.stderr)")
    let lines = jsonLines(both.stdout)
    for path in [Self.monitor, Self.ride] {
      let alone = try Executable.run("beacon-scan", ["--replay", path, "--format", "json"])
      let mine = lines.filter { $0["controller"] as? String == path }
      #expect(!mine.isEmpty)
      #expect(mine.map(Self.key).sorted() == jsonLines(alone.stdout).map(Self.key).sorted(), "\(path)")
      // Each capture's end is said as a replay of it alone says it.
      let count = jsonLines(alone.stdout).count
      #expect(both.stderr.contains("\(path): "), "\(both.stderr)")
      #expect(both.stderr.contains("\(count) matched") || count == 0, "\(both.stderr)")
    }
    #expect(lines.allSatisfy { $0["controller"] is String }, "every sighting is tagged")
    // The summary counts both.
    let summary = try Executable.run(
      "beacon-scan", ["-i", "replay:\(Self.monitor)", "-i", "replay:\(Self.ride)", "--summary", "--format", "json"])
    let object = try #require(jsonLines(summary.stdout).last)
    #expect((object["beaconReports"] as? Int) == lines.count, "\(summary.stdout)")
    // Text rows end with the radio.
    let text = try Executable.run("beacon-scan", ["-i", "replay:\(Self.monitor)", "-i", "replay:\(Self.ride)"])
    let rows = text.stdout.split(separator: "\n")
    #expect(rows.first?.hasSuffix("CONTROLLER") == true, "\(rows.first ?? "")")
    #expect(rows.dropFirst().allSatisfy { $0.hasSuffix(".btsnoop") }, "\(rows.prefix(3))")
  }

  /// A beacon's state on the broker names the radio of its latest report.
  @Test(.enabled(if: MosquittoBroker.isAvailable, "needs mosquitto and mosquitto-clients (tools/test installs them)"))
  func statesOnTheBrokerNameTheirRadio() throws {
    let broker = try MosquittoBroker()
    let subscriber = try broker.subscribe(["beacon-toolkit/+/beacons/+"])
    let run = try Executable.run(
      "beacon-scan",
      [
        "-i", "replay:\(Self.monitor)", "-i", "replay:\(Self.ride)", "--summary", "--mqtt",
        "mqtt://127.0.0.1:\(broker.port)", "--mqtt-node", "two-radios",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(subscriber.wait { $0.count >= 10 }, "\(subscriber.received.count)")
    let radios = subscriber.received.compactMap { message in
      (try? JSONSerialization.jsonObject(with: Data(message.payload.utf8)) as? [String: Any])?["controller"] as? String
    }
    #expect(radios.count == subscriber.received.count, "every state names its radio")
    #expect(Set(radios) == [Self.monitor, Self.ride])
  }

  @Test func whatDrivesOneControllerOrRecordsOneRefusesASecond() throws {
    let broadcast = try Executable.run("beacon-broadcast", ["-i", "hci0", "-i", "hci1", "--station", "CipeteRaya"])
    #expect(broadcast.status == 64)
    #expect(broadcast.stderr.contains("drives one controller"), "\(broadcast.stderr)")
    let twice = try Executable.run("beacon-scan", ["-i", "replay:\(Self.ride)", "-i", "replay:\(Self.ride)"])
    #expect(twice.status == 64)
    #expect(twice.stderr.contains("given twice"), "\(twice.stderr)")
    let record = try Executable.run(
      "beacon-scan", ["-i", "hci0", "-i", "hci1", "--record", "/tmp/several-\(UUID().uuidString).btsnoop"])
    #expect(record.status == 64)
    #expect(record.stderr.contains("--record writes one controller"), "\(record.stderr)")
  }
}

/// Two emulated controllers, each in an emulator of its own with a station beacon of its own;
/// one emulator is killed while beacon-scan reads both.
@Suite(
  .serialized,
  .enabled(
    if: Emulator.available,
    "tools/.venv with Bumble not found (tools/test creates it): emulated-controller tests skipped"))
struct SeveralRadiosEmulatorTests {
  enum Lost: String, CaseIterable {
    case first, second
    /// The first, in a run with --reconnect: the second goes on while the first is waited for.
    case firstWhileReconnecting
  }

  @Test(arguments: Lost.allCases) func losingOneRadioKeepsTheOthers(lost: Lost) throws {
    let first = try Emulator(
      controllers: 1, extra: ["--advertise-ibeacon", "F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3:1:13:-60"])
    defer { first.stop() }
    let second = try Emulator(
      controllers: 1, extra: ["--advertise-ibeacon", "F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3:1:5:-60"])
    defer { second.stop() }
    let (a, b) = (first.controllers[0].device, second.controllers[0].device)
    let reconnect = lost == .firstWhileReconnecting ? ["--reconnect"] : []
    let scan = try background("beacon-scan", ["-i", a, "-i", b, "--format", "json", "--duration", "8"] + reconnect)
    #expect(scan.waitForStderr("\(b): scanning (", seconds: 15), "\(scan.stderr)")
    Thread.sleep(forTimeInterval: 2)
    let killedAt = Date()
    (lost == .second ? second : first).kill()
    let result = scan.finish(seconds: 30)
    let (gone, kept) = lost == .second ? (b, a) : (a, b)
    switch lost {
    case .first:
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr.contains("\(gone) is gone; \(kept) goes on alone"), "\(result.stderr)")
    case .second:
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr.contains("\(gone): "), "\(result.stderr)")
      #expect(result.stderr.contains("the other radios go on without it"), "\(result.stderr)")
    case .firstWhileReconnecting:
      // The first never came back before --duration ran out: the run says so (69).
      #expect(result.status == 69, "\(result.stderr)")
      #expect(result.stderr.contains("\(gone): reconnecting every"), "\(result.stderr)")
    }
    let lines = jsonLines(result.stdout)
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    func heard(_ radio: String, after: Bool) -> Int {
      lines.filter { line in
        guard line["controller"] as? String == radio, let time = (line["time"] as? String).flatMap(formatter.date)
        else { return false }
        return after ? time > killedAt.addingTimeInterval(1) : time < killedAt
      }.count
    }
    #expect(heard(gone, after: false) > 0, "\(lines.count) lines")
    #expect(heard(kept, after: false) > 0, "\(lines.count) lines")
    #expect(heard(gone, after: true) == 0)
    #expect(heard(kept, after: true) > 0, "the radio left still reports")
    let minors = Set(lines.filter { $0["controller"] as? String == kept }.compactMap { $0["minor"] as? Int })
    #expect(minors == [lost == .second ? 13 : 5])
  }
}
