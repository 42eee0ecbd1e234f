/// LE_Event_Mask of HCI_LE_Set_Event_Mask (Core v5.4 Vol 4 Part E §7.8.1): which LE Meta
/// subevents the controller may send (the LE Meta bit of ``EventMask`` must also be set).
///
/// Only the bits this toolkit cares about have names; any other bit can be set through
/// ``init(rawValue:)``.
public struct LEEventMask: OptionSet, Hashable, Sendable {
  public let rawValue: UInt64
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  /// Bit 0: LE Connection Complete event.
  public static let connectionComplete = LEEventMask(rawValue: 1 << 0)
  /// Bit 1: LE Advertising Report event.
  public static let advertisingReport = LEEventMask(rawValue: 1 << 1)
  /// Bit 2: LE Connection Update Complete event.
  public static let connectionUpdateComplete = LEEventMask(rawValue: 1 << 2)
  /// Bit 3: LE Read Remote Features Complete event.
  public static let readRemoteFeaturesComplete = LEEventMask(rawValue: 1 << 3)
  /// Bit 4: LE Long Term Key Request event.
  public static let longTermKeyRequest = LEEventMask(rawValue: 1 << 4)
  /// Bit 9: LE Enhanced Connection Complete event.
  public static let enhancedConnectionComplete = LEEventMask(rawValue: 1 << 9)
  /// Bit 10: LE Directed Advertising Report event.
  public static let directedAdvertisingReport = LEEventMask(rawValue: 1 << 10)
  /// Bit 12: LE Extended Advertising Report event.
  public static let extendedAdvertisingReport = LEEventMask(rawValue: 1 << 12)
  /// Bit 16: LE Scan Timeout event.
  public static let scanTimeout = LEEventMask(rawValue: 1 << 16)
  /// Bit 17: LE Advertising Set Terminated event.
  public static let advertisingSetTerminated = LEEventMask(rawValue: 1 << 17)
  /// Bit 18: LE Scan Request Received event.
  public static let scanRequestReceived = LEEventMask(rawValue: 1 << 18)

  /// The controller's value after HCI_Reset: 0x000000000000001F (bits 0–4), which does not
  /// include ``extendedAdvertisingReport``.
  public static let `default` = LEEventMask(rawValue: 0x0000_0000_0000_001F)
}
