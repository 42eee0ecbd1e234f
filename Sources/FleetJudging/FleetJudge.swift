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
    var lastMessage: CaptureTime
    /// Each beacon it has heard, with when it last did.
    var heard: [String: CaptureTime] = [:]
    var rates: [Double] = []
    var baseline: Double?
    var latestRate: Double?
  }

  public let configuration: Configuration
  /// The station beacons that should be heard somewhere (their keys).
  public let expected: Set<String>
  var nodes: [String: Node] = [:]
  /// The verdicts in force.
  public private(set) var verdicts: Set<FleetVerdict> = []

  public init(expected: some Sequence<String>, configuration: Configuration = Configuration()) {
    self.expected = Set(expected)
    self.configuration = configuration
  }

  /// The nodes known, by name.
  public var nodeNames: [String] { nodes.keys.sorted() }

  /// A node's availability (`online`, or `offline`: its last will).
  public mutating func availability(of node: String, online: Bool, at time: CaptureTime) {
    update(node, at: time) { $0.online = online }
  }

  /// A node's state of `beacon`: the node heard it.
  public mutating func heard(_ beacon: String, by node: String, at time: CaptureTime) {
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

  /// A node's telemetry: the beacon reports it heard per second.
  public mutating func telemetry(of node: String, reportsPerSecond rate: Double, at time: CaptureTime) {
    let needed = max(configuration.baselineTelemetries, 1)
    update(node, at: time) { entry in
      entry.latestRate = rate
      guard entry.baseline == nil, rate > 0 else { return }
      entry.rates.append(rate)
      if entry.rates.count >= needed {
        entry.baseline = entry.rates.reduce(0, +) / Double(entry.rates.count)
        entry.rates = []
      }
    }
  }

  private mutating func update(_ name: String, at time: CaptureTime, _ change: (inout Node) -> Void) {
    if nodes[name] == nil, nodes.count >= max(configuration.maximumNodes, 1),
      let stalest = nodes.min(by: { $0.value.lastMessage < $1.value.lastMessage })?.key
    {
      nodes[stalest] = nil
    }
    var entry = nodes[name] ?? Node(lastMessage: time)
    entry.lastMessage = max(entry.lastMessage, time)
    change(&entry)
    nodes[name] = entry
  }

  /// Judges the fleet at `now`: the verdicts given since the last judgement, and those
  /// withdrawn.
  public mutating func judge(at now: CaptureTime) -> [FleetVerdictChange] {
    var found: Set<FleetVerdict> = []
    let deaf = Set(nodes.keys.filter { isDeaf($0, at: now) })
    for name in deaf { found.insert(.deaf(node: name)) }
    for beacon in expected where isDead(beacon, deaf: deaf, at: now) { found.insert(.dead(beacon: beacon)) }
    for verdict in clones(at: now) { found.insert(verdict) }
    let given = found.subtracting(verdicts).sorted { $0.description < $1.description }
    let withdrawn = verdicts.subtracting(found).sorted { $0.description < $1.description }
    verdicts = found
    return given.map { .given($0, at: now) } + withdrawn.map { .withdrawn($0, at: now) }
  }

  private func hears(_ node: Node, _ beacon: String, at now: CaptureTime) -> Bool {
    guard let last = node.heard[beacon] else { return false }
    return now.microseconds(since: last) < configuration.silentAfter.wholeMicroseconds
  }

  private func hearsAnything(_ node: Node, at now: CaptureTime) -> Bool {
    node.heard.values.contains { now.microseconds(since: $0) < configuration.silentAfter.wholeMicroseconds }
  }

  /// Alive, and either hearing nothing while another live node still hears, after this one
  /// stopped, a beacon this one used to hear; or hearing far fewer reports than its baseline
  /// while a live node that hears its beacons does not.
  private func isDeaf(_ name: String, at now: CaptureTime) -> Bool {
    guard let node = nodes[name], node.online else { return false }
    let others = nodes.filter { $0.key != name && $0.value.online }
    if !hearsAnything(node, at: now) {
      return node.heard.contains { beacon, last in
        others.values.contains { other in hears(other, beacon, at: now) && (other.heard[beacon] ?? last) > last }
      }
    }
    guard hearsFewer(node) else { return false }
    return others.values.contains { other in
      !hearsFewer(other) && node.heard.keys.contains { hears(other, $0, at: now) }
    }
  }

  /// Whether the node's latest rate is below its share of its baseline.
  private func hearsFewer(_ node: Node) -> Bool {
    guard let baseline = node.baseline, let rate = node.latestRate else { return false }
    return rate < configuration.deafShare * baseline
  }

  /// Heard by no node, while a live node that heard it before hears other beacons.
  private func isDead(_ beacon: String, deaf: Set<String>, at now: CaptureTime) -> Bool {
    guard !nodes.values.contains(where: { hears($0, beacon, at: now) }) else { return false }
    return nodes.contains { name, node in
      node.online && !deaf.contains(name) && node.heard[beacon] != nil && hearsAnything(node, at: now)
    }
  }

  /// Each beacon heard at once, now, by two nodes in two places.
  private func clones(at now: CaptureTime) -> [FleetVerdict] {
    var verdicts: [FleetVerdict] = []
    let live = nodes.filter { $0.value.online }.sorted { $0.key < $1.key }
    var beacons: Set<String> = []
    for (_, node) in live { beacons.formUnion(node.heard.keys.filter { hears(node, $0, at: now) }) }
    for beacon in beacons.sorted() {
      let hearing = live.filter { hears($0.value, beacon, at: now) }
      guard hearing.count >= 2 else { continue }
      var pair: [String]?
      search: for (index, first) in hearing.enumerated() {
        for second in hearing[(index + 1)...] {
          guard let a = first.value.heard[beacon], let b = second.value.heard[beacon],
            abs(a.microseconds(since: b)) < configuration.cloneWindow.wholeMicroseconds
          else { continue }
          let others = Set(first.value.heard.keys).subtracting([beacon])
          let theirs = Set(second.value.heard.keys).subtracting([beacon])
          if others.count >= configuration.cloneEvidence, theirs.count >= configuration.cloneEvidence,
            others.isDisjoint(with: theirs)
          {
            pair = [first.key, second.key]
            break search
          }
        }
      }
      if let pair { verdicts.append(.cloned(beacon: beacon, nodes: pair)) }
    }
    return verdicts
  }
}
