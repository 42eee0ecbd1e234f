import BluetoothTypes

/// Which sightings a scan reports. Empty criteria match everything; all set criteria must match.
public struct BeaconFilter: Hashable, Sendable {
  /// Kinds to keep; empty keeps every kind.
  public var kinds: Set<BeaconKind> { didSet { kindBits = Self.bits(of: kinds) } }
  /// ``kinds`` as one bit per kind, so that a sighting is not hashed to be matched.
  private var kindBits: UInt8
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
    kindBits = Self.bits(of: kinds)
    self.uuid = uuid
    self.major = major
    self.minor = minor
    self.identities = identities
  }

  private static func bit(of kind: BeaconKind) -> UInt8 {
    switch kind {
    case .iBeacon: 1
    case .altBeacon: 2
    case .eddystoneUID: 4
    }
  }

  private static func bits(of kinds: Set<BeaconKind>) -> UInt8 {
    kinds.reduce(0) { $0 | bit(of: $1) }
  }

  public func matches(_ frame: BeaconFrame) -> Bool {
    if kindBits != 0, kindBits & Self.bit(of: frame.kind) == 0 { return false }
    let identity = frame.identity
    if let uuid, identity.uuid != uuid { return false }
    if let major, identity.major != major { return false }
    if let minor, identity.minor != minor { return false }
    if let identities, !identities.contains(identity) { return false }
    return true
  }
}
