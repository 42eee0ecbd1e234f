/// An AD type from the Assigned Numbers document, section 2.3 ("Common Data Types").
public struct ADType: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let flags = ADType(rawValue: 0x01)
  public static let incompleteList16BitServiceUUIDs = ADType(rawValue: 0x02)
  public static let completeList16BitServiceUUIDs = ADType(rawValue: 0x03)
  public static let incompleteList128BitServiceUUIDs = ADType(rawValue: 0x06)
  public static let completeList128BitServiceUUIDs = ADType(rawValue: 0x07)
  public static let shortenedLocalName = ADType(rawValue: 0x08)
  public static let completeLocalName = ADType(rawValue: 0x09)
  public static let txPowerLevel = ADType(rawValue: 0x0A)
  public static let serviceData16BitUUID = ADType(rawValue: 0x16)
  public static let serviceData128BitUUID = ADType(rawValue: 0x21)
  public static let manufacturerSpecificData = ADType(rawValue: 0xFF)
}
