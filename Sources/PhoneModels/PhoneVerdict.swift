/// What a station's noticed share means for the rider: `safe` when a phone notices it in at least
/// 99 trials in 100, `marginal` from one in two, `misses` below.
public enum PhoneVerdict: String, Hashable, Sendable {
  case safe
  case marginal
  case misses

  /// The share a station must be noticed in to be safe.
  public static let safeShare = 0.99
  /// The share below which a phone misses it.
  public static let marginalShare = 0.5

  public init(noticedShare: Double) {
    if noticedShare >= Self.safeShare {
      self = .safe
    } else if noticedShare >= Self.marginalShare {
      self = .marginal
    } else {
      self = .misses
    }
  }
}
