import HCICodec

/// What a scan heard of one beacon identity: how often, from how many addresses, how strong,
/// and when.
///
/// Memory: the RSSI histogram is bounded (see ``RSSIHistogram``); the set of distinct
/// addresses holds each address this identity was heard from once, so it grows with the
/// addresses actually present, not with the number of reports.
public struct BeaconTally: Sendable {
  public let identity: BeaconIdentity
  /// The catalog's station for this identity, if any.
  public private(set) var station: Station?
  /// Reports of this identity.
  public private(set) var reports = 0
  /// The RSSI of those reports.
  public private(set) var rssi = RSSIHistogram()
  /// The earliest and latest report time (captures need not be in time order).
  public private(set) var firstSeen: CaptureTime
  public private(set) var lastSeen: CaptureTime
  private var addresses: Set<BluetoothAddress> = []

  /// A tally holding nothing yet for `identity`, first seen at `time`.
  public init(identity: BeaconIdentity, station: Station?, time: CaptureTime) {
    self.identity = identity
    self.station = station
    firstSeen = time
    lastSeen = time
  }

  /// How many distinct advertiser addresses sent this identity.
  public var distinctAddresses: Int { addresses.count }

  /// Counts one sighting of this identity.
  public mutating func record(_ sighting: BeaconSighting) {
    reports += 1
    rssi.add(sighting.rssi)
    addresses.insert(sighting.address)
    firstSeen = min(firstSeen, sighting.time)
    lastSeen = max(lastSeen, sighting.time)
    if station == nil { station = sighting.station }
  }
}
