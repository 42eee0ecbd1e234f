import Beacons
import BluetoothTypes
import MRTNavigation

/// What a scan heard of one beacon identity: how often, from how many addresses, how strong,
/// and when.
///
/// Memory is bounded, however many reports and addresses: the RSSI histogram holds at most 256
/// counters (see ``RSSIHistogram``), and the distinct addresses are held one by one only up to
/// 1,024 (8 KiB); beyond that they are estimated in a fixed 8 KiB sketch (see
/// ``distinctAddressesAreExact``).
public struct BeaconTally: Sendable {
  public let identity: BeaconIdentity
  /// The catalog's station for this identity, if any.
  public internal(set) var station: Station?
  /// Reports of this identity.
  public private(set) var reports = 0
  /// The RSSI of those reports.
  public private(set) var rssi = RSSIHistogram()
  /// The earliest and latest report time (captures need not be in time order).
  public private(set) var firstSeen: Timestamp
  public private(set) var lastSeen: Timestamp
  private var addresses = DistinctAddressCounter()

  /// Whether the row holds every report of its identity. `false` for a row begun after an
  /// earlier row of the same identity may have been folded away (see ``ScanSummary``): its
  /// counts are then the reports since, a lower bound.
  public let isComplete: Bool

  /// A tally holding nothing yet for `identity`, first seen at `time`.
  public init(identity: BeaconIdentity, station: Station?, time: Timestamp, isComplete: Bool = true) {
    self.identity = identity
    self.station = station
    self.isComplete = isComplete
    firstSeen = time
    lastSeen = time
  }

  /// How many distinct advertiser addresses sent this identity: exact up to 1,024, an estimate
  /// beyond (see ``distinctAddressesAreExact``).
  public var distinctAddresses: Int { addresses.count }

  /// Whether ``distinctAddresses`` is exact. When `false`, more than 1,024 distinct addresses
  /// were heard and the figure is a HyperLogLog estimate with a relative standard error of
  /// 1.15 %: within ±1.15 % of the true count about two times in three, within ±3.4 % (three
  /// standard errors) 997 times in 1,000.
  public var distinctAddressesAreExact: Bool { addresses.isExact }

  /// Counts one sighting of this identity.
  public mutating func record(_ sighting: BeaconSighting) {
    reports += 1
    rssi.add(sighting.rssi)
    addresses.insert(sighting.address)
    firstSeen = min(firstSeen, sighting.time)
    lastSeen = max(lastSeen, sighting.time)
  }
}
