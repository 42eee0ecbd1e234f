import Beacons
import BluetoothTypes
import MRTNavigation

/// Sightings and a clock for the finder, presence and use-case tests.
public enum FindingFixtures {
  public static let start: Int64 = 1_700_000_000_000_000
  /// The UUID the MRT North–South line's station beacons carry.
  public static let stationUUID = RailBeaconUUIDs.station

  /// `seconds` after the fixtures' start.
  public static func time(_ seconds: Double) -> Timestamp {
    Timestamp(microsecondsSinceUnixEpoch: start + Int64((seconds * 1_000_000).rounded()))
  }

  /// An iBeacon sighting; by default of the project's North–South line, so `minor` is a station.
  public static func sighting(
    minor: UInt16, rssi: Int8?, at seconds: Double, uuid: UUID128 = stationUUID, major: UInt16 = 1,
    measuredPower: Int8 = -59, address: UInt64 = 0xC0FF_EE00_0001
  ) -> BeaconSighting {
    let frame = BeaconFrame.iBeacon(IBeacon(uuid: uuid, major: major, minor: minor, measuredPower: measuredPower))
    return BeaconSighting(
      time: time(seconds), address: BluetoothAddress(rawValue: address), addressType: .random, rssi: rssi,
      frame: frame)
  }

  public static func station(_ name: String) -> Station? { TestCatalogs.northSouthLine.station(named: name) }

  /// A report of train set `trainSet` of `line` running `direction`, as `catalog` numbers its
  /// train beacons (each line's trains from an address of their own); nil when it numbers none.
  public static func trainSighting(
    of line: TransitLine, _ direction: TransitLine.Direction, trainSet: UInt16, in catalog: StationCatalog,
    rssi: Int8, at seconds: Double
  ) -> BeaconSighting? {
    guard case .iBeacon(let uuid, let major, let minor)? = catalog.trainBeacon(of: line, direction, trainSet: trainSet)
    else { return nil }
    return sighting(
      minor: minor, rssi: rssi, at: seconds, uuid: uuid, major: major, address: 0xD0D0_0000_0000 | UInt64(major))
  }
}

/// SplitMix64 (Steele, Lea and Flood 2014): a small, seedable generator so noisy series repeat exactly.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return BitMixer.mix(state)
  }
}
