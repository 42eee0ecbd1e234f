import BluetoothTypes

/// What the finder knows about one beacon identity.
public struct BeaconState: Hashable, Sendable {
  /// The beacon this state is about.
  public var identity: BeaconIdentity
  /// The address of the latest report (it may rotate; the identity does not).
  public var address: BluetoothAddress
  /// The beacon's expected RSSI at 1 m, from its latest frame.
  public var txPowerAt1m: Int
  /// The latest report's RSSI in dBm as the controller reported it (without
  /// ``BeaconRanging/Configuration/rssiOffset``), `nil` when it reported none or an impossible one
  /// (``BeaconRanging/isPossible(rssi:)``).
  public var lastRSSI: Int?
  /// The smoothed RSSI in dBm (see ``BeaconRanging``), with the receiver's
  /// ``BeaconRanging/Configuration/rssiOffset`` added; `nil` when no recent report carried a
  /// possible RSSI.
  public var smoothedRSSI: Double?
  /// How uncertain ``smoothedRSSI`` is, in dB (the spread of the values it averages over the
  /// square root of their count); `nil` with fewer than two values. A beacon heard often is
  /// known to a fraction of a dB, one heard once a second with a noisy controller to a dB or two.
  public var smoothedRSSIStandardError: Double?
  /// Estimated distance in metres from ``smoothedRSSI``, `nil` when it cannot be estimated.
  public var estimatedDistance: Double?
  /// The near end of the distance interval (metres): the model's distance at ``smoothedRSSI`` plus
  /// ``BeaconRanging/Configuration/rssiSpread``. The interval holds the true distance about two
  /// times in three on a calibrated receiver. `nil` with ``estimatedDistance``.
  public var distanceLow: Double?
  /// The far end of the distance interval: the model's distance at ``smoothedRSSI`` minus
  /// ``BeaconRanging/Configuration/rssiSpread``.
  public var distanceHigh: Double?
  /// The class of ``estimatedDistance``; ``BeaconProximity/unknown`` when there is none.
  public var proximity: BeaconProximity
  /// When the beacon was first heard (or first heard again after being lost).
  public var firstSeen: Timestamp
  /// When the beacon was last heard.
  public var lastSeen: Timestamp
  /// Reports received since the beacon was first seen (or seen again after being lost).
  public var reportCount: Int
  /// The radio of the latest report, when a run reads several (``BeaconSighting/controller``).
  public var controller: String?

  public init(
    identity: BeaconIdentity, address: BluetoothAddress, txPowerAt1m: Int, lastRSSI: Int?, smoothedRSSI: Double?,
    estimatedDistance: Double?, proximity: BeaconProximity, firstSeen: Timestamp, lastSeen: Timestamp,
    reportCount: Int, smoothedRSSIStandardError: Double? = nil
  ) {
    self.identity = identity
    self.address = address
    self.txPowerAt1m = txPowerAt1m
    self.lastRSSI = lastRSSI
    self.smoothedRSSI = smoothedRSSI
    self.smoothedRSSIStandardError = smoothedRSSIStandardError
    self.estimatedDistance = estimatedDistance
    self.proximity = proximity
    self.firstSeen = firstSeen
    self.lastSeen = lastSeen
    self.reportCount = reportCount
  }
}
