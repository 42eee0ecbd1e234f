/// An AD type from the Assigned Numbers document, section 2.3 ("Common Data Types").
///
/// The named types are inlinable constants, so that a decoder in another module compares with
/// an immediate rather than calling an accessor for every structure it reads.
public struct ADType: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt8
  @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

  @inlinable public static var flags: ADType { ADType(rawValue: 0x01) }
  @inlinable public static var incompleteList16BitServiceUUIDs: ADType { ADType(rawValue: 0x02) }
  @inlinable public static var completeList16BitServiceUUIDs: ADType { ADType(rawValue: 0x03) }
  @inlinable public static var incompleteList128BitServiceUUIDs: ADType { ADType(rawValue: 0x06) }
  @inlinable public static var completeList128BitServiceUUIDs: ADType { ADType(rawValue: 0x07) }
  @inlinable public static var shortenedLocalName: ADType { ADType(rawValue: 0x08) }
  @inlinable public static var completeLocalName: ADType { ADType(rawValue: 0x09) }
  @inlinable public static var txPowerLevel: ADType { ADType(rawValue: 0x0A) }
  @inlinable public static var serviceData16BitUUID: ADType { ADType(rawValue: 0x16) }
  @inlinable public static var serviceData128BitUUID: ADType { ADType(rawValue: 0x21) }
  @inlinable public static var manufacturerSpecificData: ADType { ADType(rawValue: 0xFF) }
}
