import BluetoothTypes

/// One report of where the receiver is, as a GPS daemon gives it (gpsd's TPV).
///
/// Fields the receiver did not give are `nil`, never a made-up zero: a fix without a speed is
/// not a fix at rest.
public struct LocationFix: Hashable, Sendable {
  /// Whether the receiver has a position, and of which kind.
  public enum Mode: Int, Hashable, Sendable, Comparable {
    /// The mode is not known yet (gpsd's 0).
    case unknown = 0
    /// No position (gpsd's 1): in a tunnel, indoors, or still acquiring.
    case noFix = 1
    /// Latitude and longitude, no altitude (gpsd's 2).
    case twoDimensional = 2
    /// Latitude, longitude and altitude (gpsd's 3).
    case threeDimensional = 3

    public static func < (lhs: Mode, rhs: Mode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether a position comes with this mode.
    public var hasPosition: Bool { self >= .twoDimensional }
  }

  /// When the fix was taken: the receiver's time (UTC), not the time it was read. A replay
  /// faster than real time keeps the receiver's times.
  public var time: Timestamp
  public var mode: Mode
  /// The position; `nil` without a fix.
  public var coordinate: GeoCoordinate?
  /// Speed over ground in metres per second: Doppler-derived on most receivers, so it stays
  /// true when the position jumps.
  public var speed: Double?
  /// Course over ground, degrees clockwise from true north.
  public var track: Double?
  /// Estimated horizontal error in metres (gpsd's `eph`): an estimate of unknown confidence.
  public var horizontalError: Double?

  public init(
    time: Timestamp, mode: Mode, coordinate: GeoCoordinate? = nil, speed: Double? = nil, track: Double? = nil,
    horizontalError: Double? = nil
  ) {
    self.time = time
    self.mode = mode
    self.coordinate = coordinate
    self.speed = speed
    self.track = track
    self.horizontalError = horizontalError
  }

  /// The position, when the mode says there is one and it is a number.
  public var position: GeoCoordinate? {
    guard mode.hasPosition, let coordinate, coordinate.latitude.isFinite, coordinate.longitude.isFinite else {
      return nil
    }
    return coordinate
  }
}
