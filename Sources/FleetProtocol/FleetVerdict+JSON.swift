import FleetJudging
import MRTNavigation
import ProgramOutput

extension FleetVerdict {
  /// The verdict's JSON: its kind, the beacon (and its station) or the node, the nodes of a clone.
  package func json(stations: [String: Station]) -> JSONLine {
    var object = JSONLine()
    object.add("verdict", kind)
    switch self {
    case .dead(let beacon), .unheard(let beacon):
      object.add("beacon", beacon)
      object.add("station", stations[beacon]?.name)
    case .deaf(let node):
      object.add("node", node)
    case .cloned(let beacon, let nodes):
      object.add("beacon", beacon)
      object.add("station", stations[beacon]?.name)
      object.add("nodes", strings: nodes)
    }
    return object
  }

  /// The beacon the verdict is about, if any.
  package var beacon: String? {
    switch self {
    case .dead(let beacon), .unheard(let beacon), .cloned(let beacon, _): return beacon
    case .deaf: return nil
    }
  }
}
