import BluetoothTypes

/// What the judge knows of the fleet at one moment, for a view of it (`beacon-fleet --table`).
public struct FleetOverview: Sendable {
  /// One node as the judge sees it.
  public struct Node: Sendable, Hashable {
    public let name: String
    public let online: Bool
    /// Beacons it hears now (last state less than a silent-after old).
    public let hearing: Int
    /// Its latest telemetry's reports per second, and its baseline once known.
    public let reportsPerSecond: Double?
    public let baseline: Double?
  }

  /// The nodes, by name.
  public let nodes: [Node]
  /// For each expected beacon (its key), how many nodes hear it now.
  public let hearersOfExpected: [String: Int]
}

extension FleetJudge {
  /// The fleet at `now`.
  public func overview(at now: Timestamp) -> FleetOverview {
    let hearing = Hearing(nodes, at: now, silentAfter: configuration.silentAfter)
    let nodes = hearing.names.indices.map { index in
      let entry = hearing.entries[index]
      return FleetOverview.Node(
        name: hearing.names[index], online: entry.online, hearing: hearing.hearingCount[index],
        reportsPerSecond: entry.latestRate, baseline: entry.baseline)
    }
    let hearers = Dictionary(uniqueKeysWithValues: expected.map { ($0, hearing.hearers[$0]?.count ?? 0) })
    return FleetOverview(nodes: nodes, hearersOfExpected: hearers)
  }
}
