import BluetoothTypes

/// When a rider is at a station, as thresholds on a station beacon's smoothed RSSI (see
/// ``BeaconRanging``) and plausibility rules along the line.
///
/// Designed against what a phone in a train car hears of a platform beacon calibrated at
/// −59 dBm at 1 m: about −75 to −90 dBm while the train stands at the platform, weaker while it
/// pulls in, only 30–60 % of adverts, and fades of several seconds.
public struct StationPresencePolicy: Hashable, Sendable {
  /// A station is entered once its smoothed RSSI is at least this (dBm) for
  /// ``enterReportCount`` reports in a row. −88 dBm is inside the range heard at the platform but
  /// above what a beacon of the next platform or the concourse gives through the car: a beacon
  /// heard weakly from a neighbouring platform (typically −92 dBm and below) never enters.
  public var enterThreshold: Double
  /// How many consecutive reports must be strong. 3 rejects a single strong report (a reflection
  /// or a passing train); at 50 % loss of a beacon advertising every 300 ms it still takes only
  /// about two seconds.
  public var enterReportCount: Int
  /// A present station is left when its smoothed RSSI falls below this (dBm), or when the finder
  /// loses its beacon (not heard for ``BeaconRanging/Configuration/exitPeriod``). The 7 dB gap to
  /// ``enterThreshold`` is the hysteresis that keeps a rider at the edge of range from flapping
  /// between found and left.
  public var exitThreshold: Double
  /// Once a station was found, a station further along the line than this many stops is
  /// plausible only if at least ``minimumTimePerStop`` per stop has passed. 2 tolerates one
  /// station missed altogether (a long fade while the train stood there).
  public var maximumPlausibleSkip: Int
  /// The shortest time a train takes per stop, dwell included. Jakarta's North–South line runs
  /// 13 stations in about 30 minutes, a little over 2 minutes per stop; 60 s is a safe lower bound.
  public var minimumTimePerStop: Duration

  public init(
    enterThreshold: Double = -88, enterReportCount: Int = 3, exitThreshold: Double = -95,
    maximumPlausibleSkip: Int = 2, minimumTimePerStop: Duration = .seconds(60)
  ) {
    self.enterThreshold = enterThreshold
    self.enterReportCount = enterReportCount
    self.exitThreshold = exitThreshold
    self.maximumPlausibleSkip = maximumPlausibleSkip
    self.minimumTimePerStop = minimumTimePerStop
  }
}
