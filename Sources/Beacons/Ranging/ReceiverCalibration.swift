import BluetoothTypes

/// Measures a receiver's ``BeaconRanging/Configuration/rssiOffset`` from beacons that stood a
/// known distance from it throughout: the dB to add to its RSSIs so that the log-distance model
/// (each frame's measured power, exponent *n*) gives that distance.
///
/// The offset is the median over the usable reports of `measuredPower − 10·n·log10(d) − rssi`: a
/// median, so the odd reflection or deep fade does not move it. A report is usable when its RSSI
/// is possible (``BeaconRanging/isPossible(rssi:)``) and its frame's measured power is a
/// calibration (negative). Memory is bounded: counts per RSSI value, not the values, for at most
/// ``maximumListedBeacons`` beacons; the reports of any beyond still count towards the offset.
public struct ReceiverCalibration: Sendable {
  /// What was heard of one beacon.
  public struct Beacon: Hashable, Sendable {
    /// The beacon.
    public var identity: BeaconIdentity
    /// Its usable reports.
    public var reports: Int
    /// The median of their RSSIs, dBm as reported.
    public var medianRSSI: Double
    /// The measured power of its latest frame, dBm at 1 m.
    public var measuredPower: Int
  }

  /// How far the beacons stood from the receiver, metres.
  public let distance: Double
  /// The model's exponent *n*.
  public let pathLossExponent: Double
  /// Per beacon: how often each RSSI was heard, the latest measured power, when first heard.
  private var beacons: [BeaconIdentity: (rssiCounts: [Int: Int], measuredPower: Int, order: Int)] = [:]
  /// How often each `measuredPower − rssi` was heard, over all beacons.
  private var differenceCounts: [Int: Int] = [:]
  /// Usable reports taken.
  public private(set) var reportCount = 0
  /// The most beacons listed in ``heard``: a calibration stands a few beacons by the receiver.
  public static let maximumListedBeacons = 1024
  /// Usable reports of beacons beyond ``maximumListedBeacons``: in the offset, not in ``heard``.
  public private(set) var unlistedReportCount = 0
  /// Reports left out: an impossible RSSI, none, or a frame without a calibration.
  public private(set) var unusableCount = 0

  public init(distance: Double, pathLossExponent: Double = BeaconRanging.Configuration.defaultPathLossExponent) {
    self.distance = distance
    self.pathLossExponent = pathLossExponent
  }

  /// Takes one report.
  public mutating func add(_ sighting: BeaconSighting) {
    let measuredPower = sighting.frame.txPowerAt1m
    guard let reported = sighting.rssi.map(Int.init), BeaconRanging.isPossible(rssi: reported), measuredPower < 0
    else {
      unusableCount += 1
      return
    }
    reportCount += 1
    differenceCounts[measuredPower - reported, default: 0] += 1
    let identity = sighting.frame.identity
    let order = beacons.count
    if beacons[identity] == nil, order >= Self.maximumListedBeacons {
      unlistedReportCount += 1
      return
    }
    beacons[identity, default: ([:], measuredPower, order)].rssiCounts[reported, default: 0] += 1
    beacons[identity]?.measuredPower = measuredPower
  }

  /// The dB to add to this receiver's RSSIs; `nil` when no usable report was taken.
  public var rssiOffset: Double? {
    guard let difference = Self.median(of: differenceCounts) else { return nil }
    return difference - 10 * pathLossExponent * DistanceEstimate.log10(distance)
  }

  /// The beacons heard, in the order they were first heard.
  public var heard: [Beacon] {
    beacons.sorted { $0.value.order < $1.value.order }.compactMap { identity, entry in
      Self.median(of: entry.rssiCounts).map {
        Beacon(
          identity: identity, reports: entry.rssiCounts.values.reduce(0, +), medianRSSI: $0,
          measuredPower: entry.measuredPower)
      }
    }
  }

  /// The median of values given as counts: the middle one, or the mean of the middle two.
  static func median(of counts: [Int: Int]) -> Double? {
    let total = counts.values.reduce(0, +)
    guard total > 0 else { return nil }
    let sorted = counts.sorted { $0.key < $1.key }
    /// The value at 0-based `rank` in sorted order.
    func value(at rank: Int) -> Int {
      var seen = 0
      for (value, count) in sorted {
        seen += count
        if rank < seen { return value }
      }
      return sorted.last?.key ?? 0
    }
    return Double(value(at: (total - 1) / 2) + value(at: total / 2)) / 2
  }
}
