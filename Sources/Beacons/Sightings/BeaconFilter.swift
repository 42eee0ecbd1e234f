import BluetoothTypes

/// Which sightings a scan reports. Empty criteria match everything; all set criteria must match.
public struct BeaconFilter: Hashable, Sendable {
  /// Kinds to keep; empty keeps every kind.
  public var kinds: Set<BeaconKind>
  /// iBeacon UUID or AltBeacon id1.
  public var uuid: UUID128?
  /// iBeacon major or AltBeacon id2.
  public var major: UInt16?
  /// iBeacon minor or AltBeacon id3.
  public var minor: UInt16?
  /// Keep only these identities (`--station` names resolved through a catalog); `nil` keeps all.
  public var identities: Set<BeaconIdentity>?

  public init(
    kinds: Set<BeaconKind> = [], uuid: UUID128? = nil, major: UInt16? = nil, minor: UInt16? = nil,
    identities: Set<BeaconIdentity>? = nil
  ) {
    self.kinds = kinds
    self.uuid = uuid
    self.major = major
    self.minor = minor
    self.identities = identities
  }

  public func matches(_ frame: BeaconFrame) -> Bool {
    if !kinds.isEmpty, !kinds.contains(frame.kind) { return false }
    let identity = frame.identity
    if let uuid, identity.uuid != uuid { return false }
    if let major, identity.major != major { return false }
    if let minor, identity.minor != minor { return false }
    if let identities, !identities.contains(identity) { return false }
    return true
  }
}
