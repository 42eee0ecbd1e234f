#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A message of a fleet's node, as the judge reads it (`beacon-fleet`): a node's availability,
/// its telemetry, or its state of a beacon, under `PREFIX/NODE/…` (``FleetTopics``).
package enum FleetMessage: Equatable {
  case availability(node: String, online: Bool)
  case telemetry(node: String, reportsPerSecond: Double)
  case heard(beacon: String, node: String)

  /// The topics the judge subscribes to under `prefix`.
  package static func subscriptions(prefix: String) -> [String] {
    ["\(prefix)/+/availability", "\(prefix)/+/telemetry", "\(prefix)/+/beacons/+"]
  }

  /// The message `payload` on `topic` says, or `nil` for one that is no node's (or that cannot
  /// be read: a telemetry without its rate, an empty state, which removes a retained one).
  package init?(topic: String, payload: [UInt8], prefix: String) {
    guard topic.hasPrefix(prefix + "/") else { return nil }
    let levels = topic.dropFirst(prefix.count + 1).split(separator: "/", omittingEmptySubsequences: false)
    guard levels.count >= 2, !levels[0].isEmpty, levels[0] != Substring(FleetTopics.everyNode) else { return nil }
    let node = String(levels[0])
    switch (levels.count, levels[1]) {
    case (2, "availability"):
      let text = String(decoding: payload, as: UTF8.self)
      guard text == "online" || text == "offline" else { return nil }
      self = .availability(node: node, online: text == "online")
    case (2, "telemetry"):
      struct Telemetry: Decodable { var reportsPerSecond: Double }
      guard let telemetry = try? JSONDecoder().decode(Telemetry.self, from: Data(payload)),
        telemetry.reportsPerSecond.isFinite, telemetry.reportsPerSecond >= 0
      else { return nil }
      self = .telemetry(node: node, reportsPerSecond: telemetry.reportsPerSecond)
    case (3, "beacons"):
      guard !payload.isEmpty, !levels[2].isEmpty else { return nil }
      self = .heard(beacon: String(levels[2]), node: node)
    default:
      return nil
    }
  }
}
