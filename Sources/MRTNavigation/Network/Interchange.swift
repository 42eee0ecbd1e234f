/// A walking link between two stations of different lines, used both ways.
public struct Interchange: Hashable, Sendable {
  /// One station's key name (``Station/name``).
  public var from: String
  /// The other station's key name.
  public var to: String
  /// How long the walk takes, platform to platform.
  public var walkingTime: Duration
  /// The way, as a rider would be told, e.g. `through the underground passage`.
  public var note: String?

  public init(from: String, to: String, walkingTime: Duration, note: String? = nil) {
    self.from = from
    self.to = to
    self.walkingTime = walkingTime
    self.note = note
  }
}
