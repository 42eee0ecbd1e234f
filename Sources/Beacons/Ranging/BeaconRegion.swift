import BluetoothTypes

/// A set of beacons to range, as CoreLocation's beacon constraints name them: every beacon of a
/// UUID, of a UUID and major, or the one beacon with a UUID, major and minor.
///
/// For AltBeacons the UUID is id1, the major id2 and the minor id3. Eddystone-UID beacons have no
/// UUID and match no region.
public struct BeaconRegion: Hashable, Sendable {
  /// The iBeacon proximity UUID (AltBeacon id1) every beacon of the region broadcasts.
  public let uuid: UUID128
  /// The major (AltBeacon id2), or `nil` for every major.
  public let major: UInt16?
  /// Set only together with ``major``: the initializers make a minor without a major impossible.
  public let minor: UInt16?

  /// Every beacon broadcasting `uuid`.
  public init(uuid: UUID128) {
    self.uuid = uuid
    self.major = nil
    self.minor = nil
  }

  /// Every beacon broadcasting `uuid` with `major`.
  public init(uuid: UUID128, major: UInt16) {
    self.uuid = uuid
    self.major = major
    self.minor = nil
  }

  /// The beacon broadcasting `uuid`, `major` and `minor`.
  public init(uuid: UUID128, major: UInt16, minor: UInt16) {
    self.uuid = uuid
    self.major = major
    self.minor = minor
  }

  /// Whether the beacon with `identity` belongs to this region.
  public func contains(_ identity: BeaconIdentity) -> Bool {
    guard identity.uuid == uuid else { return false }
    if let major, identity.major != major { return false }
    if let minor, identity.minor != minor { return false }
    return true
  }
}
