import BluetoothTypes

/// The kind of an HCI packet, numbered as the UART (H4) transport's packet indicator
/// (Core spec Vol 4, Part A, 2).
public struct HCIPacketType: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let command = HCIPacketType(rawValue: 0x01)
  public static let aclData = HCIPacketType(rawValue: 0x02)
  public static let synchronousData = HCIPacketType(rawValue: 0x03)
  public static let event = HCIPacketType(rawValue: 0x04)
  public static let isoData = HCIPacketType(rawValue: 0x05)
}

/// Which way a packet travelled between host and controller.
public enum HCIPacketDirection: Hashable, Sendable {
  case hostToController
  case controllerToHost
}

/// One HCI packet, without its H4 packet indicator byte.
public struct HCIPacket: Hashable, Sendable {
  public var type: HCIPacketType
  public var direction: HCIPacketDirection
  /// The packet as HCI defines it: header and parameters (for an event: code, length, parameters).
  public var bytes: ArraySlice<UInt8>

  public init(type: HCIPacketType, direction: HCIPacketDirection, bytes: ArraySlice<UInt8>) {
    self.type = type
    self.direction = direction
    self.bytes = bytes
  }
}
