import HCICodec

/// What a record of a Linux monitor (datalink 2001) capture holds: the low 16 bits of its
/// flags. Values as in BlueZ `src/shared/btsnoop.h` (`BTSNOOP_OPCODE_*`).
public struct LinuxMonitorOpcode: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// A controller appeared; data: type, bus, address, 8-byte name.
  public static let newIndex = LinuxMonitorOpcode(rawValue: 0)
  /// A controller was removed.
  public static let deleteIndex = LinuxMonitorOpcode(rawValue: 1)
  public static let commandPacket = LinuxMonitorOpcode(rawValue: 2)
  public static let eventPacket = LinuxMonitorOpcode(rawValue: 3)
  public static let aclTransmitPacket = LinuxMonitorOpcode(rawValue: 4)
  public static let aclReceivePacket = LinuxMonitorOpcode(rawValue: 5)
  public static let scoTransmitPacket = LinuxMonitorOpcode(rawValue: 6)
  public static let scoReceivePacket = LinuxMonitorOpcode(rawValue: 7)
  public static let openIndex = LinuxMonitorOpcode(rawValue: 8)
  public static let closeIndex = LinuxMonitorOpcode(rawValue: 9)
  public static let indexInfo = LinuxMonitorOpcode(rawValue: 10)
  public static let vendorDiagnostic = LinuxMonitorOpcode(rawValue: 11)
  public static let systemNote = LinuxMonitorOpcode(rawValue: 12)
  public static let userLogging = LinuxMonitorOpcode(rawValue: 13)
  public static let controlOpen = LinuxMonitorOpcode(rawValue: 14)
  public static let controlClose = LinuxMonitorOpcode(rawValue: 15)
  public static let controlCommand = LinuxMonitorOpcode(rawValue: 16)
  public static let controlEvent = LinuxMonitorOpcode(rawValue: 17)
  public static let isoTransmitPacket = LinuxMonitorOpcode(rawValue: 18)
  public static let isoReceivePacket = LinuxMonitorOpcode(rawValue: 19)

  /// The HCI packet type and direction of a record with this opcode, or `nil` for the
  /// opcodes that carry monitor metadata rather than an HCI packet.
  public var hciPacketKind: (type: HCIPacketType, direction: HCIPacketDirection)? {
    switch self {
    case .commandPacket: return (.command, .hostToController)
    case .eventPacket: return (.event, .controllerToHost)
    case .aclTransmitPacket: return (.aclData, .hostToController)
    case .aclReceivePacket: return (.aclData, .controllerToHost)
    case .scoTransmitPacket: return (.synchronousData, .hostToController)
    case .scoReceivePacket: return (.synchronousData, .controllerToHost)
    case .isoTransmitPacket: return (.isoData, .hostToController)
    case .isoReceivePacket: return (.isoData, .controllerToHost)
    default: return nil
    }
  }

  /// The opcode for an HCI packet, or `nil` for a packet type the monitor has no opcode for.
  public init?(packetType: HCIPacketType, direction: HCIPacketDirection) {
    let toController = direction == .hostToController
    switch packetType {
    case .command: self = .commandPacket
    case .event: self = .eventPacket
    case .aclData: self = toController ? .aclTransmitPacket : .aclReceivePacket
    case .synchronousData: self = toController ? .scoTransmitPacket : .scoReceivePacket
    case .isoData: self = toController ? .isoTransmitPacket : .isoReceivePacket
    default: return nil
    }
  }
}
