import BluetoothTypes

extension BeaconRanging {
  /// The finder's constants. The defaults suit beacons heard from a moving train: see
  /// ``BeaconRanging`` for why each model was chosen.
  public struct Configuration: Hashable, Sendable {
    /// The log-distance exponent used unless one is given: the middle of 2–3, the range of
    /// cars and platforms.
    public static let defaultPathLossExponent = 2.5
    /// The spread (dB) of a smoothed RSSI about the log-distance model on a receiver that is not
    /// calibrated: the 68 % half-width measured on the calibration walks of the article
    /// RangingAccuracy (real receivers, the product's defaults, no offset). Its interval held the
    /// true distance 69 % of the time on the tracks the calibration did not see (Pis 95 %,
    /// dongles 57 %). The default: a receiver is taken as not calibrated unless an offset is given.
    public static let uncalibratedRSSISpread = 9.4
    /// The same spread once the receiver is calibrated (`--rssi-offset`): 2.7 dB on the calibration
    /// walks. Its interval held the true distance 58 % of the time on the other tracks, which
    /// scatter more about the model than the walks it was measured on (RangingAccuracy).
    public static let calibratedRSSISpread = 2.7

    /// How far back the smoothing looks. Long enough to span a multi-second fade and to hold
    /// several reports at 30–60 % loss (a beacon advertising every 100–300 ms still leaves a
    /// dozen or more), short enough to follow a train pulling in within a few seconds.
    public var smoothingWindow: Duration
    /// The fraction of the window's RSSI values dropped at each end before averaging (0 ..< 0.5).
    /// 0.2 drops the odd deep-fade or reflection value without throwing the average away.
    public var trimmedFraction: Double
    /// The most RSSI values kept per beacon, oldest dropped first, so a fast advertiser cannot
    /// grow a beacon's memory without bound.
    public var maximumSamplesPerBeacon: Int
    /// A beacon not heard for this long is reported lost. 20 s: a 3–8 s fade on top of 30–60 %
    /// reception silences a platform beacon for over 10 s while the train stands (10 s found 8
    /// stops twice in 33 on the ride fixtures, 15 s 2, 20 s none; `swift run detection-sweep`), and
    /// 20 s still ends a station well before the next one (55–80 s between stops).
    public var exitPeriod: Duration
    /// The most beacon identities tracked at once; a new one evicts the least recently heard.
    public var maximumTrackedBeacons: Int
    /// The path-loss exponent *n* of the log-distance model: 2 in free space, 2–3 inside a car
    /// and on a platform; real receivers' recordings fit 1.1–2.5. Default
    /// ``defaultPathLossExponent``.
    public var pathLossExponent: Double
    /// The dB added to every RSSI this receiver reports before it is smoothed, ranged or used to
    /// detect a station: receivers differ by several dB at the same distance. 0: the receiver is
    /// taken as calibrated. ``ReceiverCalibration`` measures it.
    public var rssiOffset: Double
    /// The spread (dB) of a smoothed RSSI about the model on a calibrated receiver: the distance
    /// interval (``BeaconState/distanceLow``, ``BeaconState/distanceHigh``) is the model's
    /// distance at the smoothed RSSI plus and minus this. Default ``uncalibratedRSSISpread``;
    /// ``calibratedRSSISpread`` once an offset is measured.
    public var rssiSpread: Double
    /// Estimated distances below this (metres) are ``BeaconProximity/immediate``.
    public var immediateDistance: Double
    /// Estimated distances below this (metres) and not immediate are ``BeaconProximity/near``.
    public var nearDistance: Double

    public init(
      smoothingWindow: Duration = .seconds(10), trimmedFraction: Double = 0.2, maximumSamplesPerBeacon: Int = 100,
      exitPeriod: Duration = .seconds(20), maximumTrackedBeacons: Int = 256,
      pathLossExponent: Double = defaultPathLossExponent,
      immediateDistance: Double = 0.5, nearDistance: Double = 3.0, rssiOffset: Double = 0,
      rssiSpread: Double = uncalibratedRSSISpread
    ) {
      self.smoothingWindow = smoothingWindow
      self.trimmedFraction = trimmedFraction
      self.maximumSamplesPerBeacon = maximumSamplesPerBeacon
      self.exitPeriod = exitPeriod
      self.maximumTrackedBeacons = maximumTrackedBeacons
      self.pathLossExponent = pathLossExponent
      self.immediateDistance = immediateDistance
      self.nearDistance = nearDistance
      self.rssiOffset = rssiOffset
      self.rssiSpread = rssiSpread
    }

    /// This configuration for a receiver whose offset is known (`--rssi-offset`, or set on a
    /// fleet node): `offset`, and the spread of a calibrated receiver
    /// (``calibratedRSSISpread``), whose smoothed RSSI strays less from the model.
    public func calibrated(rssiOffset offset: Double) -> Configuration {
      var configuration = self
      configuration.rssiOffset = offset
      configuration.rssiSpread = Self.calibratedRSSISpread
      return configuration
    }
  }
}
