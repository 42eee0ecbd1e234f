import Beacons
import BluetoothTypes
import MRTNavigation

/// Stations, beacons and visits made up in the tests, with the tests' own random numbers
/// (xorshift64*, not the product's generator), so that what the tests expect is computed apart
/// from the code under test.
enum MadeUpVisits {
  static let uuid = UUID128("F63B21BA-2635-4BE4-B6FF-E2EAB8B541C3")!

  static func station(_ name: String, minor: UInt16) -> Station {
    Station(
      name: name, displayName: name, lineOrder: Int(minor),
      beacon: .iBeacon(uuid: uuid, major: 1, minor: minor))
  }

  static func frame(minor: UInt16) -> BeaconFrame {
    .iBeacon(IBeacon(uuid: uuid, major: 1, minor: minor, measuredPower: -59))
  }

  static func sighting(atMilliseconds milliseconds: Double, minor: UInt16, rssi: Int8 = -65) -> BeaconSighting {
    BeaconSighting(
      time: Timestamp(microsecondsSinceUnixEpoch: 1_800_000_000_000_000 + Int64((milliseconds * 1000).rounded())),
      address: BluetoothAddress(rawValue: 0xD0_00_00_00_00_00 + UInt64(minor)), addressType: .random, rssi: rssi,
      frame: frame(minor: minor))
  }

  /// The seconds from `start` to `time`.
  static func seconds(_ time: Timestamp, since start: Timestamp) -> Double {
    Double(time.microsecondsSinceUnixEpoch - start.microsecondsSinceUnixEpoch) / 1_000_000
  }
}

/// xorshift64* (Vigna 2016): the tests' own generator.
struct TestRandom {
  private var state: UInt64

  init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9 : seed }

  mutating func unit() -> Double {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return Double((state &* 0x2545_F491_4F6C_DD1D) >> 11) / Double(UInt64(1) << 53)
  }

  /// Adverts of one beacon: every `interval` ms plus an advDelay of 0–10 ms that adds up, from a
  /// random point of the first interval, for `dwell` ms.
  mutating func adverts(intervalMilliseconds interval: Double, dwellMilliseconds dwell: Double, from start: Double = 0)
    -> [Double]
  {
    var times: [Double] = []
    var time = start + unit() * interval
    while time <= start + dwell {
      times.append(time)
      time += interval + unit() * 10
    }
    return times
  }
}
