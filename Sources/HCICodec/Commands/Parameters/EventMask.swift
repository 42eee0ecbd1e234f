/// Event_Mask of HCI_Set_Event_Mask (Core v5.4 Vol 4 Part E §7.3.1): which events the
/// controller may send. Bit n of the 64-bit value is bit n of the 8-octet field, sent least
/// significant octet first.
///
/// Only the bits this toolkit cares about have names; any other bit can be set through
/// ``init(rawValue:)``.
public struct EventMask: OptionSet, Hashable, Sendable {
  public let rawValue: UInt64
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  /// Bit 0: Inquiry Complete event.
  public static let inquiryComplete = EventMask(rawValue: 1 << 0)
  /// Bit 2: Connection Complete event.
  public static let connectionComplete = EventMask(rawValue: 1 << 2)
  /// Bit 4: Disconnection Complete event.
  public static let disconnectionComplete = EventMask(rawValue: 1 << 4)
  /// Bit 7: Encryption Change event.
  public static let encryptionChange = EventMask(rawValue: 1 << 7)
  /// Bit 11: Read Remote Version Information Complete event.
  public static let readRemoteVersionInformationComplete = EventMask(rawValue: 1 << 11)
  /// Bit 15: Hardware Error event.
  public static let hardwareError = EventMask(rawValue: 1 << 15)
  /// Bit 16: Flush Occurred event.
  public static let flushOccurred = EventMask(rawValue: 1 << 16)
  /// Bit 25: Data Buffer Overflow event.
  public static let dataBufferOverflow = EventMask(rawValue: 1 << 25)
  /// Bit 47: Encryption Key Refresh Complete event.
  public static let encryptionKeyRefreshComplete = EventMask(rawValue: 1 << 47)
  /// Bit 61: LE Meta event; without it no LE subevent (advertising reports included) arrives.
  public static let leMeta = EventMask(rawValue: 1 << 61)

  /// The controller's value after HCI_Reset: 0x00001FFFFFFFFFFF (bits 0–44), which does
  /// not include ``leMeta``.
  public static let `default` = EventMask(rawValue: 0x0000_1FFF_FFFF_FFFF)
}
