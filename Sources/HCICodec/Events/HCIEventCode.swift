/// An HCI event code (Core spec Vol 4, Part E, 7.7).
public struct HCIEventCode: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let commandComplete = HCIEventCode(rawValue: 0x0E)
  public static let commandStatus = HCIEventCode(rawValue: 0x0F)
  public static let hardwareError = HCIEventCode(rawValue: 0x10)
  public static let leMeta = HCIEventCode(rawValue: 0x3E)
}

/// An LE Meta event's subevent code (Core spec Vol 4, Part E, 7.7.65).
public struct LEMetaSubeventCode: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let advertisingReport = LEMetaSubeventCode(rawValue: 0x02)
  public static let extendedAdvertisingReport = LEMetaSubeventCode(rawValue: 0x0D)
}
