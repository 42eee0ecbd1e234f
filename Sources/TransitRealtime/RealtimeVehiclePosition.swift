/// A `VehiclePosition`: where a vehicle is, and the trip it serves.
public struct RealtimeVehiclePosition: Hashable, Sendable {
  /// `VehiclePosition.VehicleStopStatus`.
  public enum StopStatus: Hashable, Sendable {
    case incomingAt, stoppedAt, inTransitTo
  }

  /// The entity's `id` in the feed.
  public var entityID: String
  /// The trip it serves, when given.
  public var trip: RealtimeTripDescriptor?
  /// `vehicle.id`, when given.
  public var vehicleID: String?
  /// `vehicle.label`, the name riders see, when given.
  public var label: String?
  /// WGS 84 degrees, when the position is given.
  public var latitude: Double?
  public var longitude: Double?
  /// Degrees clockwise from true north, when given.
  public var bearing: Double?
  /// The stop the vehicle is at or heading for (`stop_id`), when given.
  public var stopID: String?
  /// Its `stop_sequence`, when given.
  public var stopSequence: Int?
  public var stopStatus: StopStatus?
  /// When the position was measured (Unix seconds), when given.
  public var timestamp: Int64?

  public init(
    entityID: String, trip: RealtimeTripDescriptor? = nil, vehicleID: String? = nil, label: String? = nil,
    latitude: Double? = nil, longitude: Double? = nil, bearing: Double? = nil, stopID: String? = nil,
    stopSequence: Int? = nil, stopStatus: StopStatus? = nil, timestamp: Int64? = nil
  ) {
    self.entityID = entityID
    self.trip = trip
    self.vehicleID = vehicleID
    self.label = label
    self.latitude = latitude
    self.longitude = longitude
    self.bearing = bearing
    self.stopID = stopID
    self.stopSequence = stopSequence
    self.stopStatus = stopStatus
    self.timestamp = timestamp
  }
}
