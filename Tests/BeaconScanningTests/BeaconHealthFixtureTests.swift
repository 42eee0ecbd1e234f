import BeaconScanning
import BeaconTestSupport
import Beacons
import BluetoothTypes
import Foundation
import HCITestSupport
import HCITransportCore
import LinuxHCITransports
import Testing

/// ``BeaconHealthMonitor`` on a station monitor's capture whose scenario says what each phase of
/// each beacon is (Fixtures/scenarios/monitor-station-health.json): the judgements must come in
/// the scenario's order, each within its tolerance of the phase's start. The truth is the
/// scenario's, read here independently of the code under test.
@Suite struct BeaconHealthFixtureTests {
  static let name = "monitor-station-health"

  struct Phase {
    var from: Double
    var health: String?
  }

  /// Seconds after a phase starts within which its judgement must come.
  static func tolerance(_ health: String, afterStart: Bool) -> ClosedRange<Double> {
    switch health {
    case "silent": return 28...33  // 30 s without a report
    case "weak": return 0...15  // the 10 s smoothing window must fill with weak values
    case "ok": return afterStart ? 0...15 : 0...2
    case "suspicious": return 0...10
    default: return 0...0
    }
  }

  static let minors = ["Fatmawati": 2, "CipeteRaya": 3, "HajiNawi": 4, "BlokA": 5]

  @Test func eachBeaconIsJudgedAsItsScenarioSaysWhenItSaysSo() throws {
    let scenarioURL = TestPaths.fixtures.appendingPathComponent("scenarios/\(Self.name).json")
    let scenario = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: scenarioURL)) as? [String: Any])
    let expectedNames = try #require(scenario["expectedStations"] as? [String])
    var phases: [Int: [Phase]] = [:]
    for beacon in try #require(scenario["beacons"] as? [[String: Any]]) {
      let minor = try #require(beacon["minor"] as? Int)
      phases[minor] = try #require(beacon["phases"] as? [[String: Any]]).map {
        Phase(from: ($0["from"] as? Double) ?? Double(($0["from"] as? Int) ?? 0), health: $0["health"] as? String)
      }
    }
    let uuid = try #require(UUID128("F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3"))
    let expected = try expectedNames.map { name in
      BeaconIdentity.iBeacon(uuid: uuid, major: 1, minor: UInt16(try #require(Self.minors[name])))
    }
    var monitor = BeaconHealthMonitor(expected: expected)
    var changes: [BeaconHealthChange] = []
    var first: Timestamp?
    let finder = HCIBeaconFinder(openConnection: { () throws(HCIConnectionError) in
      try TransportSpec.replay(path: TestPaths.fixture(Self.name + ".btsnoop")).open()
    })
    let delegate = ClosureFinderDelegate(
      sighting: {
        first = first ?? $0.time
        changes += monitor.ingest($0)
      },
      time: { changes += monitor.advance(to: $0) })
    finder.delegate = delegate
    #expect(finder.start() == .started)
    guard case .endOfStream = finder.run() else { throw try #require(finder.failure) }
    // The scenario's clock starts at most one advertising interval before the first report.
    let interval = (scenario["intervalSeconds"] as? Double) ?? 0.3
    let origin = try #require(first).microsecondsSinceUnixEpoch - Int64(interval * 1_000_000)
    for (name, identity) in zip(expectedNames, expected) {
      let minor = try #require(Self.minors[name])
      var wanted: [Phase] = []
      for phase in try #require(phases[minor]) where phase.health != wanted.last.flatMap({ $0.health }) {
        wanted.append(phase)
      }
      let got = changes.filter { $0.identity == identity }
      #expect(got.map(\.health.name) == wanted.compactMap(\.health), "\(name): \(got.map(\.health))")
      for (index, (change, phase)) in zip(got, wanted).enumerated() {
        let seconds = Double(change.time.microsecondsSinceUnixEpoch - origin) / 1_000_000 - phase.from
        let window = Self.tolerance(change.health.name, afterStart: index > 0)
        // ± one interval for the origin's estimate.
        #expect(
          (window.lowerBound - interval)...(window.upperBound + interval) ~= seconds,
          "\(name) \(change.health.name) \(seconds) s after its phase began, expected \(window)")
      }
    }
    // What made them suspicious.
    let suspicions = changes.compactMap { change -> (BeaconIdentity, BeaconSuspicion)? in
      if case .suspicious(let reason) = change.health { return (change.identity, reason) }
      return nil
    }
    for (identity, reason) in suspicions {
      switch reason {
      case .secondAddress(let first, let second):
        #expect(identity == expected[1])
        #expect(
          Set([first.description, second.description]) == ["D6:23:7B:2E:D9:1E", "C5:8E:21:4B:77:F0"])
      case .txPowerChanged(let from, let to):
        #expect(identity == expected[2])
        #expect(from == -59 && to == -65)
      }
    }
  }
}
