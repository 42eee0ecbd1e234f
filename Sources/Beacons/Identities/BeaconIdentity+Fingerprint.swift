import BluetoothTypes

extension BeaconIdentity {
  /// A 64-bit hash of the identity's fields, the same on every run and every machine (unlike
  /// `hashValue`, which Swift seeds per process): the key of ``BeaconIdentityIndex`` and of
  /// the sketches that count identities. Each field is mixed in after the ones before it
  /// (``BitMixer/mix(_:)``, a bijection), with the kind in the last word, so that fields that
  /// happen to be equal do not cancel out and two kinds with the same bytes differ.
  @inlinable
  public var fingerprint: UInt64 {
    let mix = BitMixer.mix
    switch self {
    case .iBeacon(let uuid, let major, let minor):
      return mix(mix(mix(uuid.high) ^ uuid.low) ^ (1 << 32 | UInt64(major) << 16 | UInt64(minor)))
    case .altBeacon(let id1, let id2, let id3):
      return mix(mix(mix(id1.high) ^ id1.low) ^ (2 << 32 | UInt64(id2) << 16 | UInt64(id3)))
    case .eddystoneUID(let namespace, let instance):
      return mix(mix(mix(UInt64(namespace.high) | 3 << 32) ^ namespace.low) ^ instance)
    }
  }
}
