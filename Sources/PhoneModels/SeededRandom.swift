/// SplitMix64 (Steele, Lea and Flood 2014): a small, seedable generator, so that a prediction
/// with `--seed` repeats exactly; Swift's own generator cannot be seeded.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  /// The generator of trial `index` of a run seeded `seed`: each trial its own stream, so that a
  /// trial's draws do not depend on how many the trials before it made.
  public init(seed: UInt64, trial index: Int) {
    var mixer = SeededRandom(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
    state = mixer.next()
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A share drawn uniformly from 0 up to 1.
  public mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }
}
