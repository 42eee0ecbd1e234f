import Beacons
import BluetoothTypes

/// How a network numbers the beacons its trains carry, apart from its stations': iBeacon
/// ``uuid`` (the trains' own), major = the line's ``TransitLine/code`` × 10 + 1 for a train
/// running towards the line's last station, + 2 towards its first; minor = the train set.
///
/// The built-in network (``JakartaRail``): a North–South train towards Bundaran HI is major 11,
/// towards Lebak Bulus 12; an airport-line train towards Soekarno–Hatta 31. Line codes up to
/// 6,553 fit.
public struct TrainBeaconScheme: Hashable, Sendable {
  /// The proximity UUID every train beacon broadcasts.
  public let uuid: UUID128

  public init(uuid: UUID128) { self.uuid = uuid }

  /// The beacon of train set `trainSet` on the line coded `lineCode`, running `direction`; `nil`
  /// when the code is too large for the scheme.
  public func identity(lineCode: UInt16, direction: TransitLine.Direction, trainSet: UInt16) -> BeaconIdentity? {
    let major = Int(lineCode) * 10 + (direction == .towardsLast ? 1 : 2)
    guard major <= Int(UInt16.max) else { return nil }
    return .iBeacon(uuid: uuid, major: UInt16(major), minor: trainSet)
  }

  /// The line code, direction and train set a beacon identity says, if it is one of this
  /// scheme's.
  public func decode(_ identity: BeaconIdentity) -> (
    lineCode: UInt16, direction: TransitLine.Direction, trainSet: UInt16
  )? {
    guard case .iBeacon(let uuid, let major, let minor) = identity, uuid == self.uuid else { return nil }
    let direction: TransitLine.Direction
    switch major % 10 {
    case 1: direction = .towardsLast
    case 2: direction = .towardsFirst
    default: return nil
    }
    return (major / 10, direction, minor)
  }

  /// The region that holds every train beacon, for ranging them.
  public var region: BeaconRegion { BeaconRegion(uuid: uuid) }
}
