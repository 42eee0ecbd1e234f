import BluetoothTypes
import Testing

@testable import FleetJudging

/// The fleet's judge on a small line: three nodes, at stations A, B and C, each hearing its own
/// station's beacon and its neighbours' (A hears a and b; B hears a, b and c; C hears b and c),
/// reporting every 10 s; silentAfter 30 s.
@Suite struct FleetJudgeTests {
  static let configuration = FleetJudge.Configuration(silentAfter: .seconds(30), cloneWindow: .seconds(10))
  static let hears = ["A": ["a", "b"], "B": ["a", "b", "c"], "C": ["b", "c"]]

  static func time(_ seconds: Int) -> Timestamp {
    Timestamp(microsecondsSinceUnixEpoch: 1_800_000_000_000_000 + Int64(seconds) * 1_000_000)
  }

  /// Runs the fleet from `from` to `to` seconds, each node reporting what `heard` says it hears
  /// then (every 10 s), with a telemetry of its rate; returns every change, in order.
  static func run(
    _ judge: inout FleetJudge, from: Int = 0, to: Int,
    heard: (String, Int) -> [String] = { node, _ in hears[node] ?? [] },
    rate: (String, Int) -> Double = { node, _ in Double((hears[node] ?? []).count) * 10 }
  ) -> [FleetVerdictChange] {
    var changes: [FleetVerdictChange] = []
    for second in stride(from: from, through: to, by: 10) {
      for node in ["A", "B", "C"] {
        for beacon in heard(node, second) { judge.heard(beacon, by: node, at: time(second)) }
        judge.telemetry(of: node, reportsPerSecond: rate(node, second), at: time(second))
      }
      changes += judge.judge(at: time(second))
    }
    return changes
  }

  @Test func aHealthyFleetHasNoVerdict() {
    var judge = FleetJudge(expected: ["a", "b", "c"], configuration: Self.configuration)
    #expect(Self.run(&judge, to: 600).isEmpty)
    #expect(judge.verdicts.isEmpty)
  }

  /// Beacon c stops at 300 s: B and C, alive and hearing b, heard it before. Dead once no node
  /// has heard it for 30 s, and well within two silentAfters.
  @Test func aBeaconNobodyHearsIsDeadAndOnlyIt() {
    var judge = FleetJudge(expected: ["a", "b", "c"], configuration: Self.configuration)
    let changes = Self.run(&judge, to: 600) { node, second in
      (Self.hears[node] ?? []).filter { $0 != "c" || second < 300 }
    }
    #expect(changes == [.given(.dead(beacon: "c"), at: Self.time(320))])
    #expect(judge.verdicts == [.dead(beacon: "c")])
  }

  /// Node C goes deaf at 300 s (it reports nothing, and its rate is 0) while B still hears b and
  /// c: C is deaf, and neither b nor c is dead.
  @Test func aNodeThatHearsNothingWhileItsNeighbourDoesIsDeaf() {
    var judge = FleetJudge(expected: ["a", "b", "c"], configuration: Self.configuration)
    let changes = Self.run(
      &judge, to: 600, heard: { node, second in node == "C" && second >= 300 ? [] : Self.hears[node] ?? [] },
      rate: { node, second in node == "C" && second >= 300 ? 0 : 20 })
    #expect(changes == [.given(.deaf(node: "C"), at: Self.time(300))])
    #expect(judge.verdicts == [.deaf(node: "C")])
  }

  /// A node whose rate falls to a twentieth of its baseline, still hearing its beacons now and
  /// then, is deaf too (far fewer reports than its own baseline).
  @Test func farFewerReportsThanItsBaselineIsDeaf() {
    var judge = FleetJudge(expected: ["a", "b", "c"], configuration: Self.configuration)
    let changes = Self.run(&judge, to: 400, rate: { node, second in node == "A" && second >= 200 ? 1 : 20 })
    #expect(changes == [.given(.deaf(node: "A"), at: Self.time(200))])
  }

  /// The whole line goes quiet (the line is shut): nobody hears anything, nobody is judged deaf,
  /// and no beacon is judged dead, for no live node hears anything to compare with; each
  /// expected beacon is only said to be heard by no node.
  @Test func aSilentFleetBlamesNobody() {
    var judge = FleetJudge(expected: ["a", "b", "c"], configuration: Self.configuration)
    let changes = Self.run(
      &judge, to: 600, heard: { node, second in second >= 300 ? [] : Self.hears[node] ?? [] },
      rate: { _, second in second >= 300 ? 0 : 20 })
    #expect(judge.verdicts == [.unheard(beacon: "a"), .unheard(beacon: "b"), .unheard(beacon: "c")], "\(changes)")
    #expect(changes.count == 3, "\(changes)")
  }

  /// A judge that starts after beacon c died has seen nobody hear it: c is not dead (no witness
  /// it knows of) but heard by no node, once the judge has judged for a silent-after; and no
  /// longer once a node hears it again.
  @Test func aBeaconNobodyHeardSinceTheJudgeStartedIsUnheard() {
    var judge = FleetJudge(expected: ["a", "b", "c"], configuration: Self.configuration)
    let changes = Self.run(&judge, to: 600) { node, second in
      (Self.hears[node] ?? []).filter { $0 != "c" || second >= 400 }
    }
    #expect(
      changes == [
        .given(.unheard(beacon: "c"), at: Self.time(30)), .withdrawn(.unheard(beacon: "c"), at: Self.time(400)),
      ], "\(changes)")
  }

  /// A node that goes offline (its will) is neither deaf nor a witness: a beacon only it heard is
  /// not judged dead.
  @Test func anOfflineNodeIsNoWitness() {
    var judge = FleetJudge(expected: ["a", "b", "c"], configuration: Self.configuration)
    _ = Self.run(&judge, to: 100)
    judge.availability(of: "A", online: false, at: Self.time(105))
    judge.availability(of: "B", online: false, at: Self.time(105))
    let changes = Self.run(&judge, from: 110, to: 400) { node, _ in node == "C" ? ["b", "c"] : [] }
    // a was heard by A and B only, both offline now: nobody alive can say it is gone.
    #expect(!changes.contains { if case .given(.dead(beacon: "a"), _) = $0 { return true } else { return false } })
    #expect(!judge.verdicts.contains(.deaf(node: "A")))
  }

  /// A fourth node, D, far away, hears d and e; from 300 s beacon a's identity is advertised
  /// there too. A and B hear a as well, and share no beacon with D: a clone, told at once.
  @Test func aBeaconHeardAtOnceInTwoPlacesIsCloned() {
    var judge = FleetJudge(expected: ["a", "b", "c", "d", "e"], configuration: Self.configuration)
    var changes: [FleetVerdictChange] = []
    for second in stride(from: 0, through: 600, by: 10) {
      for (node, beacons) in Self.hears {
        for beacon in beacons { judge.heard(beacon, by: node, at: Self.time(second)) }
      }
      for beacon in ["d", "e"] + (second >= 300 ? ["a"] : []) { judge.heard(beacon, by: "D", at: Self.time(second)) }
      changes += judge.judge(at: Self.time(second))
    }
    #expect(changes.count == 1)
    guard case .given(.cloned(let beacon, let nodes), let time)? = changes.first else {
      Issue.record("no clone told: \(changes)")
      return
    }
    #expect(beacon == "a" && time == Self.time(300))
    #expect(nodes.contains("D") && (nodes.contains("A") || nodes.contains("B")))
  }

  /// What only says its availability (another judge) is no node; a node's availability said
  /// before its first state (a retained `offline`, its will) holds once it sends one.
  @Test func onlyWhatSendsStatesOrTelemetryIsANode() {
    var judge = FleetJudge(expected: ["a", "b", "c"], configuration: Self.configuration)
    judge.availability(of: "judge-2", online: true, at: Self.time(0))
    judge.availability(of: "D", online: false, at: Self.time(0))
    judge.telemetry(of: "D", reportsPerSecond: 5, at: Self.time(1))
    _ = Self.run(&judge, to: 100)
    #expect(judge.nodeNames == ["A", "B", "C", "D"])
    #expect(judge.overview(at: Self.time(100)).nodes.first { $0.name == "D" }?.online == false)
    #expect(judge.overview(at: Self.time(100)).nodes.first { $0.name == "A" }?.hearing == 2)
  }

  /// A rate anyone could publish on a node's topic: not a number, infinite or negative changes
  /// nothing; rates near the largest Double give a finite baseline, so no later rate is "far
  /// fewer" by an overflow.
  @Test func aRateThatIsNoRateChangesNothing() {
    var judge = FleetJudge(expected: ["a"], configuration: Self.configuration)
    for rate in [Double.nan, .infinity, -.infinity, -5] {
      judge.telemetry(of: "A", reportsPerSecond: rate, at: Self.time(0))
    }
    #expect(judge.nodeNames.isEmpty)
    for second in 0..<3 { judge.telemetry(of: "B", reportsPerSecond: .greatestFiniteMagnitude, at: Self.time(second)) }
    let baseline = judge.overview(at: Self.time(3)).nodes.first?.baseline
    #expect(baseline == .greatestFiniteMagnitude)
  }

  /// Memory is bounded: a flood of node names keeps at most maximumNodes.
  @Test func aFloodOfNodesKeepsItsBound() {
    var configuration = Self.configuration
    configuration.maximumNodes = 16
    configuration.maximumBeaconsPerNode = 4
    var judge = FleetJudge(expected: ["a"], configuration: configuration)
    for index in 0..<1000 {
      judge.heard("beacon-\(index % 10)", by: "node-\(index)", at: Self.time(index))
      judge.heard("beacon-\(index)", by: "node-0", at: Self.time(index))
    }
    #expect(judge.nodeNames.count == 16)
    #expect((judge.nodes["node-0"]?.heard.count ?? 0) <= 4)
  }
}
