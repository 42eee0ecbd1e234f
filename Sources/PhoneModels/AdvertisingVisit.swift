import Beacons
import BluetoothTypes

/// A beacon as a phone passing it meets it, made up: every advertising event of `dwell` seconds
/// at an advertising interval, each event later by the spec's random advDelay of 0–10 ms (Core
/// spec Vol 6 Part B 4.4.2.2.1), which adds up from event to event; every advert heard, at one
/// RSSI. What `beacon-broadcast --check-phone` puts in front of a phone model.
public struct AdvertisingVisit: Sendable {
  /// The beacon's frame and address.
  public var frame: BeaconFrame
  public var address: BluetoothAddress
  /// The advertising interval, in milliseconds.
  public var intervalMilliseconds: Double
  /// How long the phone is in range, in seconds.
  public var dwellSeconds: Double
  /// The RSSI of every advert, dBm.
  public var rssi: Int8

  /// The longest advDelay, in milliseconds.
  public static let longestAdvertisingDelayMilliseconds = 10.0

  public init(
    frame: BeaconFrame, address: BluetoothAddress, intervalMilliseconds: Double, dwellSeconds: Double, rssi: Int8
  ) {
    self.frame = frame
    self.address = address
    self.intervalMilliseconds = intervalMilliseconds
    self.dwellSeconds = dwellSeconds
    self.rssi = rssi
  }

  /// The visit's reports from `start`: the first event at a random point of an interval, each
  /// next one an interval and an advDelay later, until the dwell ends.
  public func sightings(from start: Timestamp, random: inout SeededRandom) -> [BeaconSighting] {
    var sightings: [BeaconSighting] = []
    let dwellMilliseconds = dwellSeconds * 1000
    var elapsed = random.unit() * intervalMilliseconds
    while elapsed <= dwellMilliseconds {
      sightings.append(
        BeaconSighting(
          time: start.adding(milliseconds: elapsed), address: address, addressType: .random, rssi: rssi, frame: frame))
      elapsed += intervalMilliseconds + random.unit() * Self.longestAdvertisingDelayMilliseconds
    }
    return sightings
  }
}
