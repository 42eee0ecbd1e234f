import BluetoothTypes

/// What identifies a beacon across its frames, whatever its power calibration.
public enum BeaconIdentity: Hashable, Sendable {
  case iBeacon(uuid: UUID128, major: UInt16, minor: UInt16)
  case altBeacon(id1: UUID128, id2: UInt16, id3: UInt16)
  case eddystoneUID(namespace: EddystoneNamespace, instance: UInt64)

  public var kind: BeaconKind {
    switch self {
    case .iBeacon: return .iBeacon
    case .altBeacon: return .altBeacon
    case .eddystoneUID: return .eddystoneUID
    }
  }

  /// The UUID of an iBeacon or the first 16 ID bytes of an AltBeacon.
  public var uuid: UUID128? {
    switch self {
    case .iBeacon(let uuid, _, _), .altBeacon(let uuid, _, _): return uuid
    case .eddystoneUID: return nil
    }
  }

  /// iBeacon major, or AltBeacon id2.
  public var major: UInt16? {
    switch self {
    case .iBeacon(_, let major, _), .altBeacon(_, let major, _): return major
    case .eddystoneUID: return nil
    }
  }

  /// iBeacon minor, or AltBeacon id3.
  public var minor: UInt16? {
    switch self {
    case .iBeacon(_, _, let minor), .altBeacon(_, _, let minor): return minor
    case .eddystoneUID: return nil
    }
  }
}

extension BeaconIdentity: CustomStringConvertible {
  /// `UUID major minor` for iBeacon and AltBeacon, `namespace instance` for Eddystone-UID.
  public var description: String {
    let (space, rest) = parts(joiningMajorAndMinorWith: " ")
    return "\(space) \(rest)"
  }

  /// The identity in a few characters, for a table column or a device's name: the UUID's or
  /// namespace's first 8 hex digits, then major/minor or the instance.
  package var shortText: String {
    let (space, rest) = parts(joiningMajorAndMinorWith: "/")
    return "\(space.prefix(8))… \(rest)"
  }

  /// The UUID or namespace, and what follows it: major and minor, or the instance.
  private func parts(joiningMajorAndMinorWith separator: String) -> (space: String, rest: String) {
    switch self {
    case .iBeacon(let uuid, let major, let minor), .altBeacon(let uuid, let major, let minor):
      return (uuid.description, "\(major)\(separator)\(minor)")
    case .eddystoneUID(let namespace, let instance):
      return (namespace.description, EddystoneUID.instanceText(instance))
    }
  }
}
