/// When a train's beacon says the train is at the platform, not passing by.
///
/// A train pulling in is heard for the half minute it brakes and the 20 to 40 seconds it stands;
/// a train passing on the other track (or through without stopping) for a few seconds. So a
/// train has arrived once its beacon's smoothed RSSI stays at or above ``enterThreshold`` for
/// ``steadyFor`` with at least ``minimumReports`` reports; it has gone when that falls below
/// ``exitThreshold`` or the beacon is lost.
public struct TrainArrivalPolicy: Hashable, Sendable {
  /// dBm. A beacon inside a car standing at the platform is heard at about −75 to −88 dBm from
  /// the platform (the car's walls cost about 6 dB); the same threshold as a station's.
  public var enterThreshold: Double
  /// How long the beacon must stay strong. 8 s is longer than a train passing at speed is
  /// heard, and shorter than any stop.
  public var steadyFor: Duration
  /// How many strong reports that takes at least (a steady beacon, not two lucky ones).
  public var minimumReports: Int
  /// dBm: the train has gone below this.
  public var exitThreshold: Double

  public init(
    enterThreshold: Double = -88, steadyFor: Duration = .seconds(8), minimumReports: Int = 5,
    exitThreshold: Double = -95
  ) {
    self.enterThreshold = enterThreshold
    self.steadyFor = steadyFor
    self.minimumReports = minimumReports
    self.exitThreshold = exitThreshold
  }
}
