/// An HCI event code (Core spec Vol 4, Part E, 7.7).
public struct HCIEventCode: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

  @inlinable public static var commandComplete: HCIEventCode { HCIEventCode(rawValue: 0x0E) }
  @inlinable public static var commandStatus: HCIEventCode { HCIEventCode(rawValue: 0x0F) }
  @inlinable public static var hardwareError: HCIEventCode { HCIEventCode(rawValue: 0x10) }
  @inlinable public static var leMeta: HCIEventCode { HCIEventCode(rawValue: 0x3E) }
}

/// An LE Meta event's subevent code (Core spec Vol 4, Part E, 7.7.65).
public struct LEMetaSubeventCode: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

  @inlinable public static var advertisingReport: LEMetaSubeventCode { LEMetaSubeventCode(rawValue: 0x02) }
  @inlinable public static var extendedAdvertisingReport: LEMetaSubeventCode { LEMetaSubeventCode(rawValue: 0x0D) }
}
