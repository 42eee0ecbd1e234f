/// An HCI error code as returned in Status parameters (Core spec Vol 1, Part F).
public struct HCIStatus: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let success = HCIStatus(rawValue: 0x00)
  public static let unknownHCICommand = HCIStatus(rawValue: 0x01)
  public static let hardwareFailure = HCIStatus(rawValue: 0x03)
  public static let memoryCapacityExceeded = HCIStatus(rawValue: 0x07)
  public static let commandDisallowed = HCIStatus(rawValue: 0x0C)
  public static let unsupportedFeatureOrParameterValue = HCIStatus(rawValue: 0x11)
  public static let invalidHCICommandParameters = HCIStatus(rawValue: 0x12)
  public static let unspecifiedError = HCIStatus(rawValue: 0x1F)
  public static let controllerBusy = HCIStatus(rawValue: 0x3A)
  public static let unknownAdvertisingIdentifier = HCIStatus(rawValue: 0x42)
  public static let limitReached = HCIStatus(rawValue: 0x43)

  public var isSuccess: Bool { rawValue == 0 }
}
