import BluetoothTypes

/// What the fleet's judge says of a station beacon or a node (``FleetJudge``).
public enum FleetVerdict: Hashable, Sendable, CustomStringConvertible {
  /// No node hears the beacon, while nodes that heard it before are alive and still hear others.
  case dead(beacon: String)
  /// No node hears the expected beacon, and none the judge knows heard it: dead, or out of every
  /// node's reach (a judge that started after it died cannot tell which).
  case unheard(beacon: String)
  /// The node hears nothing, or far fewer reports than its own baseline, while other nodes still
  /// hear beacons it used to hear.
  case deaf(node: String)
  /// Two nodes that have no other beacon in common (two places) hear the beacon at once.
  case cloned(beacon: String, nodes: [String])

  /// The verdict's name: `dead`, `unheard`, `deaf` or `cloned`.
  public var kind: String {
    switch self {
    case .dead: return "dead"
    case .unheard: return "unheard"
    case .deaf: return "deaf"
    case .cloned: return "cloned"
    }
  }

  public var description: String {
    switch self {
    case .dead(let beacon): return "beacon \(beacon) is dead"
    case .unheard(let beacon): return "beacon \(beacon) is heard by no node"
    case .deaf(let node): return "node \(node) is deaf"
    case .cloned(let beacon, let nodes):
      return "beacon \(beacon) is cloned (heard at once by \(nodes.joined(separator: " and ")))"
    }
  }
}

/// A verdict given or withdrawn at a judgement (``FleetJudge/judge(at:)``).
public enum FleetVerdictChange: Hashable, Sendable {
  case given(FleetVerdict, at: Timestamp)
  case withdrawn(FleetVerdict, at: Timestamp)
}
