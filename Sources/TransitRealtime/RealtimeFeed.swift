/// A GTFS-Realtime `FeedMessage` in this project's terms (``init(decoding:)``): its header, and its
/// entities' trip updates, vehicle positions and alerts, in the order the feed gives them.
///
/// Entities of other kinds (shapes, stops, trip modifications) and fields this project does not
/// use are left out; an entity marked `is_deleted` (in an incremental feed) is counted, not kept.
public struct RealtimeFeed: Hashable, Sendable {
  /// `header.gtfs_realtime_version`, such as `2.0`; empty when the producer left it out.
  public var version: String
  /// When the producer made the feed (`header.timestamp`, Unix seconds); `nil` when absent or 0.
  public var timestamp: Int64?
  /// `header.incrementality` is `DIFFERENTIAL`: the feed updates an earlier one instead of
  /// replacing it.
  public var isDifferential: Bool
  public var tripUpdates: [RealtimeTripUpdate]
  public var vehiclePositions: [RealtimeVehiclePosition]
  public var alerts: [RealtimeAlert]
  /// Entities marked `is_deleted`.
  public var deletedEntities: Int

  public init(
    version: String = "2.0", timestamp: Int64?, isDifferential: Bool = false, tripUpdates: [RealtimeTripUpdate] = [],
    vehiclePositions: [RealtimeVehiclePosition] = [], alerts: [RealtimeAlert] = [], deletedEntities: Int = 0
  ) {
    self.version = version
    self.timestamp = timestamp
    self.isDifferential = isDifferential
    self.tripUpdates = tripUpdates
    self.vehiclePositions = vehiclePositions
    self.alerts = alerts
    self.deletedEntities = deletedEntities
  }
}
