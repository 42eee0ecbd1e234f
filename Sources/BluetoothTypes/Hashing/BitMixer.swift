/// The splitmix64 finalizer (Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", 2014): a bijection on 64 bits in which every output bit depends on every input
/// bit. The project's one 64-bit mixer, for fingerprints of identities and addresses and for
/// the sketches that count them; not a defence against chosen collisions.
public enum BitMixer {
  /// `value` mixed: equal inputs give equal outputs, and inputs that differ in any bit give
  /// outputs that look unrelated.
  @inlinable
  public static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
