/// A line of a network: its stations in order, and the name of each direction.
///
/// A line runs both ways along ``stationNames``. A station may be on more than one line (a
/// shared section, or one station where two lines stop): riders change there without walking.
public struct TransitLine: Hashable, Sendable {
  /// The key, unique in its catalog, e.g. `NorthSouth`.
  public var name: String
  /// The name riders know, e.g. `MRT North–South line`.
  public var displayName: String
  /// Its stations' names, in order from one end to the other; in a ``StationCatalog``, their key
  /// names (``Station/name``).
  public var stationNames: [String]
  /// The number its beacons carry: the major of its stations' beacons and, in a
  /// ``TrainBeaconScheme``, of its trains' (`nil`: its trains carry no beacons this catalog knows).
  public var code: UInt16?
  /// What trains running towards the last station show, when it is not the last station's
  /// display name (see ``StationCatalog/headsign(of:_:)``).
  public var towardsLast: String?
  /// What trains running towards the first station show, when it is not the first station's
  /// display name.
  public var towardsFirst: String?

  public init(
    name: String, displayName: String, stationNames: [String], code: UInt16? = nil, towardsLast: String? = nil,
    towardsFirst: String? = nil
  ) {
    self.name = name
    self.displayName = displayName
    self.stationNames = stationNames
    self.code = code
    self.towardsLast = towardsLast
    self.towardsFirst = towardsFirst
  }

  /// Which way along ``stationNames`` a train runs.
  public enum Direction: String, Hashable, Sendable, CaseIterable {
    /// From the first station towards the last.
    case towardsLast
    /// From the last station towards the first.
    case towardsFirst
  }
}
