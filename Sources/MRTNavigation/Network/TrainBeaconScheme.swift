import Beacons
import BluetoothTypes

/// How a network numbers the beacons its trains carry, apart from its stations': iBeacon
/// ``uuid`` (the trains' own), major = the line's ``TransitLine/code`` × 10 + 1 for a train
/// running towards the line's last station, + 2 towards its first; minor = the train set.
///
/// The built-in network (``RailBeaconUUIDs``): a North–South train towards Bundaran HI is major 11,
/// towards Lebak Bulus 12; an airport-line train towards Soekarno–Hatta 31. Line codes up to
/// 6,553 fit.
///
/// A line and direction may have a beacon of their own instead (``LineBeacon``: a GTFS feed's
/// `beacons.txt` gives them): its UUID and major, the minor still the train set.
public struct TrainBeaconScheme: Hashable, Sendable {
  /// A line's trains running one way, numbered apart from the scheme.
  public struct LineBeacon: Hashable, Sendable {
    public var lineCode: UInt16
    public var direction: TransitLine.Direction
    public var uuid: UUID128
    public var major: UInt16

    public init(lineCode: UInt16, direction: TransitLine.Direction, uuid: UUID128, major: UInt16) {
      self.lineCode = lineCode
      self.direction = direction
      self.uuid = uuid
      self.major = major
    }
  }

  /// The proximity UUID every train beacon broadcasts (but those of ``lineBeacons``).
  public let uuid: UUID128
  /// The lines and directions numbered apart from the scheme.
  public let lineBeacons: [LineBeacon]

  public init(uuid: UUID128, lineBeacons: [LineBeacon] = []) {
    self.uuid = uuid
    self.lineBeacons = lineBeacons
  }

  /// The beacon of train set `trainSet` on the line coded `lineCode`, running `direction`; `nil`
  /// when the code is too large for the scheme.
  public func identity(lineCode: UInt16, direction: TransitLine.Direction, trainSet: UInt16) -> BeaconIdentity? {
    if let own = lineBeacons.first(where: { $0.lineCode == lineCode && $0.direction == direction }) {
      return .iBeacon(uuid: own.uuid, major: own.major, minor: trainSet)
    }
    let major = Int(lineCode) * 10 + (direction == .towardsLast ? 1 : 2)
    guard major <= Int(UInt16.max) else { return nil }
    return .iBeacon(uuid: uuid, major: UInt16(major), minor: trainSet)
  }

  /// The line code, direction and train set a beacon identity says, if it is one of this
  /// scheme's.
  public func decode(_ identity: BeaconIdentity) -> (
    lineCode: UInt16, direction: TransitLine.Direction, trainSet: UInt16
  )? {
    guard case .iBeacon(let uuid, let major, let minor) = identity else { return nil }
    if let own = lineBeacons.first(where: { $0.uuid == uuid && $0.major == major }) {
      return (own.lineCode, own.direction, minor)
    }
    guard uuid == self.uuid else { return nil }
    let direction: TransitLine.Direction
    switch major % 10 {
    case 1: direction = .towardsLast
    case 2: direction = .towardsFirst
    default: return nil
    }
    return (major / 10, direction, minor)
  }

  /// The regions that hold every train beacon, for ranging them: the scheme's UUID, and each
  /// line beacon of another UUID (with its major).
  public var regions: [BeaconRegion] {
    [BeaconRegion(uuid: uuid)]
      + lineBeacons.filter { $0.uuid != uuid }.map { BeaconRegion(uuid: $0.uuid, major: $0.major) }
  }
}
