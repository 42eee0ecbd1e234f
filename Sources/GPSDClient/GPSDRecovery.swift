/// gpsd answers again after an outage ``GPSDLocationFinder/onProblem`` was told of (it could not
/// be reached, or it closed the connection): the one notice that the problem has cleared.
public struct GPSDRecovery: Hashable, Sendable, CustomStringConvertible {
  public var endpoint: GPSDEndpoint
  /// From the moment the connection closed, or the first attempt failed, to the new connection.
  public var outage: Duration
  /// Whether gpsd had been connected before the outage; `false` when it came up after the start.
  public var wasConnectedBefore: Bool

  public init(endpoint: GPSDEndpoint, outage: Duration, wasConnectedBefore: Bool) {
    self.endpoint = endpoint
    self.outage = outage
    self.wasConnectedBefore = wasConnectedBefore
  }

  public var description: String {
    // Whole seconds, rounded: the backoff retries a second apart at best.
    let seconds = (outage + .milliseconds(500)).components.seconds
    return "gpsd at \(endpoint) \(wasConnectedBefore ? "is back" : "is up") after \(seconds) s"
  }
}
