import BeaconTestSupport
import Foundation
import Testing

/// `beacon-scan --mqtt` publishes a beacon's state when it changes, or once per heartbeat: a
/// real mosquitto, a real `beacon-scan` on the 10-minute monitor capture in which two station
/// beacons stand still and a third is carried away in six steps of 8 dB (Gaussian noise of 3 dB
/// on every RSSI, adverts every second).
@Suite(.serialized) struct MQTTPublishOnChangeTests {
  static let capture = TestPaths.fixture("monitor-steady-and-moving.btsnoop")

  /// The states the broker received, per station, in order; the scan fed a record at a time until
  /// it was connected (before, it keeps only each beacon's latest state), then all at once.
  static func statesPerStation(extraArguments: [String] = []) throws -> [String: [[String: Any]]] {
    let broker = try MosquittoBroker()
    let subscriber = try broker.subscribe(["beacon-toolkit/#"])
    let feed = try SlowCaptureFeed(btsnoop: capture)
    let scanner = try MQTTCommandTests.startScan(feed: feed, broker: broker, extraArguments: extraArguments)
    #expect(MQTTCommandTests.feedUntil(feed, scanner, says: "connected"), "\(scanner.stderr)")
    feed.feed(feed.recordCount)
    feed.close()
    #expect(scanner.wait(seconds: 60) == 0, "\(scanner.stderr)")
    // The availability's `offline`, sent after the last state: everything before it has come.
    #expect(
      subscriber.wait { $0.contains { $0.topic.hasSuffix("/availability") && $0.payload == "offline" } },
      "\(scanner.stderr)")
    var states: [String: [[String: Any]]] = [:]
    for message in subscriber.received where message.topic.contains("/beacons/") {
      guard let state = MQTTCommandTests.json(message.payload), let station = state["station"] as? String else {
        continue
      }
      states[station, default: []].append(state)
    }
    return states
  }

  static func seconds(_ state: [String: Any]) -> Double? {
    guard let text = state["lastSeen"] as? String else { return nil }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: text)?.timeIntervalSince1970
  }

  @Test func aBeaconStandingStillCostsAMessageAMinuteAndAMovingOneEachStep() throws {
    let states = try Self.statesPerStation()
    // 10 minutes of a beacon that does not move: its first state and one per 60 s heartbeat.
    for station in ["Fatmawati", "HajiNawi"] {
      let count = states[station]?.count ?? 0
      #expect((10...11).contains(count), "\(station): \(count) states")
    }
    // The carried beacon: after each 8 dB step, within 30 s, a state more than the deadband
    // below the one before the step.
    let carried = try #require(states["CipeteRaya"])
    let first = try #require(carried.first.flatMap(Self.seconds))
    for step in 1...5 {
      let boundary = first + Double(step) * 100
      let before = carried.last { (Self.seconds($0) ?? 0) < boundary }
      let old = try #require(before?["rssiSmoothed"] as? Double, "no state before step \(step)")
      let told = carried.contains { state in
        guard let time = Self.seconds(state), let rssi = state["rssiSmoothed"] as? Double else { return false }
        return time >= boundary && time <= boundary + 30 && rssi < old - 2
      }
      #expect(told, "step \(step): no state below \(old - 2) dBm within 30 s")
    }
    #expect(carried.count < 60, "\(carried.count) states for six positions")
  }

  /// A wider deadband hides the 8 dB steps: the carried beacon is then told of at the heartbeat
  /// and when two steps add up past the deadband, fewer times than with the default.
  @Test func theDeadbandAndHeartbeatAreTheOperatorsToSet() throws {
    let wide = try Self.statesPerStation(extraArguments: ["--mqtt-deadband", "12", "--mqtt-heartbeat", "300"])
    for station in ["Fatmawati", "HajiNawi"] {
      let count = wide[station]?.count ?? 0
      #expect((2...3).contains(count), "\(station): \(count) states with a 300 s heartbeat")
    }
    let carried = wide["CipeteRaya"]?.count ?? 0
    #expect(carried < 11, "\(carried) states with a 12 dB deadband")
  }
}
