import GPSDClient

/// A second source worked beside the scan loop, in turns with it: the gpsd finder of
/// `beacon-ride --gps`. It goes on alone when the Bluetooth source ends (a capture's end, an
/// adapter gone).
protocol RunCompanion: AnyObject {
  /// Works until `deadline` (`nil`: none) or until `shouldStop` says so.
  func work(until deadline: ContinuousClock.Instant?, shouldStop: () -> Bool)
}

extension GPSDLocationFinder: RunCompanion {
  func work(until deadline: ContinuousClock.Instant?, shouldStop: () -> Bool) {
    _ = run(until: deadline, shouldStop: shouldStop)
  }
}
