import BluetoothTypes

/// Judges a fleet of scanning nodes from what they publish: which expected station beacons are
/// **dead**, which nodes are **deaf**, which beacons are **cloned** (``FleetVerdict``).
///
/// Telling a dead beacon from a deaf scanner takes more than one node: a beacon nobody hears is
/// dead only if the nodes that heard it before are alive and still hear other beacons; a node
/// that hears nothing is deaf only if the others still hear what it used to hear.
///
/// - A node **hears** a beacon while its last state of it is less than
///   ``Configuration/silentAfter`` old (nodes publish a beacon that stands still once per
///   heartbeat, 60 s by default, so the default is three heartbeats).
/// - A node is **alive** while its availability is `online`.
/// - A node hears **far fewer** reports when its telemetry's rate falls below
///   ``Configuration/deafShare`` of its baseline: the mean of its first
///   ``Configuration/baselineTelemetries`` telemetries with reports.
/// - A node is **deaf** when it hears nothing while another still hears, after it stopped, a
///   beacon it used to hear; or when it hears far fewer while a node that hears its beacons does
///   not. A whole line going quiet (a closure, a power cut) blames nobody.
/// - Two nodes are in **two places** when neither has heard any beacon the other has, each
///   having heard at least ``Configuration/cloneEvidence`` others; hearing a beacon within
///   ``Configuration/cloneWindow`` of each other, they hear it **at once**.
///
/// Time is what the caller says (the time a message arrived): the judge itself reads no clock,
/// so a test replays a fleet exactly. Memory is bounded: at most ``Configuration/maximumNodes``
/// nodes (the one heard from longest ago gives way) and ``Configuration/maximumBeaconsPerNode``
/// beacons remembered per node.
public struct FleetJudge: Sendable {
  public struct Configuration: Hashable, Sendable {
    public var silentAfter: Duration
    public var deafShare: Double
    public var baselineTelemetries: Int
    public var cloneWindow: Duration
    public var cloneEvidence: Int
    public var maximumNodes: Int
    public var maximumBeaconsPerNode: Int

    public init(
      silentAfter: Duration = .seconds(180), deafShare: Double = 0.1, baselineTelemetries: Int = 3,
      cloneWindow: Duration = .seconds(30), cloneEvidence: Int = 2, maximumNodes: Int = 1024,
      maximumBeaconsPerNode: Int = 512
    ) {
      self.silentAfter = silentAfter
      self.deafShare = deafShare
      self.baselineTelemetries = baselineTelemetries
      self.cloneWindow = cloneWindow
      self.cloneEvidence = cloneEvidence
      self.maximumNodes = maximumNodes
      self.maximumBeaconsPerNode = maximumBeaconsPerNode
    }
  }

  /// What is known of one node.
  struct Node: Sendable {
    var online = true
    var lastMessage: Timestamp
    /// Each beacon it has heard, with when it last did.
    var heard: [String: Timestamp] = [:]
    var rates: [Double] = []
    var baseline: Double?
    var latestRate: Double?
  }

  public let configuration: Configuration
  /// The station beacons that should be heard somewhere (their keys).
  public let expected: Set<String>
  var nodes: [String: Node] = [:]
  /// The availability of names that sent nothing else yet (bounded as the nodes are).
  var availabilityOfUnknown: [String: Bool] = [:]
  /// The first judgement's time: an expected beacon is unheard only after a silent-after of
  /// judging (before it, the nodes have not all spoken yet).
  var firstJudgement: Timestamp?
  /// The verdicts in force.
  public private(set) var verdicts: Set<FleetVerdict> = []

  public init(expected: some Sequence<String>, configuration: Configuration = Configuration()) {
    self.expected = Set(expected)
    self.configuration = configuration
  }

  /// The nodes known, by name.
  public var nodeNames: [String] { nodes.keys.sorted() }

  /// A node's availability (`online`, or `offline`: its last will). Only what sends states or
  /// telemetry is a node (a judge has an availability too): the availability of a name not
  /// known yet is kept until it sends one.
  public mutating func availability(of node: String, online: Bool, at time: Timestamp) {
    guard nodes[node] != nil else {
      if availabilityOfUnknown[node] == nil, availabilityOfUnknown.count >= max(configuration.maximumNodes, 1) {
        availabilityOfUnknown.removeAll(keepingCapacity: true)
      }
      availabilityOfUnknown[node] = online
      return
    }
    update(node, at: time) { $0.online = online }
  }

  /// A node's state of `beacon`: the node heard it.
  public mutating func heard(_ beacon: String, by node: String, at time: Timestamp) {
    let limit = max(configuration.maximumBeaconsPerNode, 1)
    update(node, at: time) { entry in
      if entry.heard[beacon] == nil, entry.heard.count >= limit,
        let oldest = entry.heard.min(by: { $0.value < $1.value })?.key
      {
        entry.heard[oldest] = nil
      }
      entry.heard[beacon] = time
    }
  }

  /// A node's telemetry: the beacon reports it heard per second. A rate that is not a finite
  /// number of at least 0 (anyone may publish on a node's topic) changes nothing.
  public mutating func telemetry(of node: String, reportsPerSecond rate: Double, at time: Timestamp) {
    guard rate.isFinite, rate >= 0 else { return }
    let needed = max(configuration.baselineTelemetries, 1)
    update(node, at: time) { entry in
      entry.latestRate = rate
      guard entry.baseline == nil, rate > 0 else { return }
      entry.rates.append(rate)
      if entry.rates.count >= needed {
        // A running mean: the sum of rates near the largest Double would be infinite.
        entry.baseline = entry.rates.enumerated().reduce(0) { mean, rate in
          mean + (rate.element - mean) / Double(rate.offset + 1)
        }
        entry.rates = []
      }
    }
  }

  /// Changes the node's entry in place (a copy taken out and put back would copy its
  /// beacons at every message).
  private mutating func update(_ name: String, at time: Timestamp, _ change: (inout Node) -> Void) {
    if nodes[name] == nil, nodes.count >= max(configuration.maximumNodes, 1),
      let stalest = nodes.min(by: { $0.value.lastMessage < $1.value.lastMessage })?.key
    {
      nodes[stalest] = nil
    }
    if nodes[name] == nil {
      nodes[name] = Node(online: availabilityOfUnknown.removeValue(forKey: name) ?? true, lastMessage: time)
    }
    Self.touch(&nodes[name, default: Node(lastMessage: time)], at: time, change)
  }

  private static func touch(_ node: inout Node, at time: Timestamp, _ change: (inout Node) -> Void) {
    node.lastMessage = max(node.lastMessage, time)
    change(&node)
  }

  /// Judges the fleet at `now`: the verdicts given since the last judgement, and those
  /// withdrawn.
  public mutating func judge(at now: Timestamp) -> [FleetVerdictChange] {
    let hearing = Hearing(nodes, at: now, silentAfter: configuration.silentAfter)
    var found: Set<FleetVerdict> = []
    let deaf = Set(hearing.names.indices.filter { isDeaf(at: $0, hearing) }.map { hearing.names[$0] })
    for name in deaf { found.insert(.deaf(node: name)) }
    for beacon in expected where isDead(beacon, deaf: deaf, hearing) { found.insert(.dead(beacon: beacon)) }
    let judgedFor = now.microseconds(since: firstJudgement ?? now)
    if judgedFor >= configuration.silentAfter.wholeMicroseconds {
      for beacon in expected where hearing.hearers[beacon] == nil && !found.contains(.dead(beacon: beacon)) {
        found.insert(.unheard(beacon: beacon))
      }
    }
    if firstJudgement == nil { firstJudgement = now }
    for verdict in clones(hearing) { found.insert(verdict) }
    let given = found.subtracting(verdicts).sorted { $0.description < $1.description }
    let withdrawn = verdicts.subtracting(found).sorted { $0.description < $1.description }
    verdicts = found
    return given.map { .given($0, at: now) } + withdrawn.map { .withdrawn($0, at: now) }
  }

  /// Who hears what at one judgement, worked out once: at 200 nodes of 50 beacons, asking each
  /// node of each beacon again and again costs more than the messages themselves.
  struct Hearing {
    /// The nodes, by name, in name order.
    let names: [String]
    let entries: [Node]
    /// Each beacon some node hears now, with the nodes (indices) that do, in name order.
    let hearers: [String: [Int]]
    /// How many beacons each node hears now.
    let hearingCount: [Int]

    init(_ nodes: [String: Node], at now: Timestamp, silentAfter: Duration) {
      let sorted = nodes.sorted { $0.key < $1.key }
      names = sorted.map(\.key)
      entries = sorted.map(\.value)
      let limit = silentAfter.wholeMicroseconds
      var hearers: [String: [Int]] = [:]
      var hearingCount = [Int](repeating: 0, count: sorted.count)
      for (index, node) in entries.enumerated() {
        for (beacon, last) in node.heard where now.microseconds(since: last) < limit {
          hearers[beacon, default: []].append(index)
          hearingCount[index] += 1
        }
      }
      self.hearers = hearers
      self.hearingCount = hearingCount
    }
  }

  /// Alive, and either hearing nothing while another live node still hears, after this one
  /// stopped, a beacon this one used to hear; or hearing far fewer reports than its baseline
  /// while a live node that hears its beacons does not.
  private func isDeaf(at index: Int, _ hearing: Hearing) -> Bool {
    let node = hearing.entries[index]
    guard node.online else { return false }
    if hearing.hearingCount[index] == 0 {
      return node.heard.contains { beacon, last in
        hearing.hearers[beacon, default: []].contains { other in
          let entry = hearing.entries[other]
          return other != index && entry.online && (entry.heard[beacon] ?? last) > last
        }
      }
    }
    guard hearsFewer(node) else { return false }
    return node.heard.keys.contains { beacon in
      hearing.hearers[beacon, default: []].contains { other in
        let entry = hearing.entries[other]
        return other != index && entry.online && !hearsFewer(entry)
      }
    }
  }

  /// Whether the node's latest rate is below its share of its baseline.
  private func hearsFewer(_ node: Node) -> Bool {
    guard let baseline = node.baseline, let rate = node.latestRate else { return false }
    return rate < configuration.deafShare * baseline
  }

  /// Heard by no node, while a live node that heard it before hears other beacons.
  private func isDead(_ beacon: String, deaf: Set<String>, _ hearing: Hearing) -> Bool {
    guard hearing.hearers[beacon] == nil else { return false }
    return hearing.entries.indices.contains { index in
      let node = hearing.entries[index]
      return node.online && node.heard[beacon] != nil && hearing.hearingCount[index] > 0
        && !deaf.contains(hearing.names[index])
    }
  }

  /// Each beacon heard at once, now, by two live nodes in two places: nodes that have heard no
  /// other beacon in common, each having heard at least ``Configuration/cloneEvidence`` others.
  private func clones(_ hearing: Hearing) -> [FleetVerdict] {
    var verdicts: [FleetVerdict] = []
    let window = configuration.cloneWindow.wholeMicroseconds
    for (beacon, all) in hearing.hearers {
      let live = all.filter { hearing.entries[$0].online }
      guard live.count >= 2 else { continue }
      search: for (position, first) in live.enumerated() {
        for second in live[(position + 1)...] {
          let (a, b) = (hearing.entries[first].heard, hearing.entries[second].heard)
          guard let heardByA = a[beacon], let heardByB = b[beacon],
            abs(heardByA.microseconds(since: heardByB)) < window,
            a.count - 1 >= configuration.cloneEvidence, b.count - 1 >= configuration.cloneEvidence
          else { continue }
          let (smaller, larger) = a.count <= b.count ? (a, b) : (b, a)
          guard !smaller.keys.contains(where: { $0 != beacon && larger[$0] != nil }) else { continue }
          verdicts.append(.cloned(beacon: beacon, nodes: [hearing.names[first], hearing.names[second]]))
          break search
        }
      }
    }
    return verdicts
  }
}
