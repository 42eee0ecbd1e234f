/// An AD structure interpreted by its type. Types this toolkit does not interpret stay raw.
public enum ADElement: Hashable, Sendable {
  case flags(ADFlags)
  /// 16-bit service UUIDs; `complete` says whether the list is the complete one.
  case serviceUUIDs16(complete: Bool, [UInt16])
  /// 128-bit service UUIDs; `complete` says whether the list is the complete one.
  case serviceUUIDs128(complete: Bool, [UUID128])
  /// The local name; `complete` is false for the shortened name. Invalid UTF-8 is repaired.
  case localName(complete: Bool, String)
  /// TX Power Level: the radiated power in dBm at the antenna (not at 1 m).
  case txPowerLevel(Int8)
  case serviceData16(uuid: UInt16, data: ArraySlice<UInt8>)
  case serviceData128(uuid: UUID128, data: ArraySlice<UInt8>)
  case manufacturerSpecificData(companyIdentifier: UInt16, data: ArraySlice<UInt8>)
  case other(ADStructure)

  init(_ structure: ADStructure) throws(ByteDecodingError) {
    var reader = ByteReader(structure.data)
    switch structure.type {
    case .flags:
      // CSS Part A 1.3: zero octets after the last non-zero one are omitted, so empty means no flags.
      self = .flags(ADFlags(rawValue: structure.data.first ?? 0))
    case .incompleteList16BitServiceUUIDs, .completeList16BitServiceUUIDs:
      guard structure.data.count % 2 == 0 else {
        throw .lengthMismatch(
          field: "16-bit Service UUIDs", declared: structure.data.count, available: structure.data.count - 1)
      }
      var uuids: [UInt16] = []
      while !reader.isAtEnd { uuids.append(try reader.readUInt16LE("16-bit Service UUID")) }
      self = .serviceUUIDs16(complete: structure.type == .completeList16BitServiceUUIDs, uuids)
    case .incompleteList128BitServiceUUIDs, .completeList128BitServiceUUIDs:
      guard structure.data.count % 16 == 0 else {
        throw .lengthMismatch(
          field: "128-bit Service UUIDs", declared: structure.data.count, available: structure.data.count / 16 * 16)
      }
      var uuids: [UUID128] = []
      while !reader.isAtEnd {
        uuids.append(try UUID128(littleEndianBytes: reader.readBytes(16, "128-bit Service UUID")))
      }
      self = .serviceUUIDs128(complete: structure.type == .completeList128BitServiceUUIDs, uuids)
    case .shortenedLocalName, .completeLocalName:
      self = .localName(
        complete: structure.type == .completeLocalName,
        String(decoding: structure.data, as: UTF8.self))
    case .txPowerLevel:
      self = .txPowerLevel(try reader.readInt8("TX Power Level"))
      try reader.expectEnd("TX Power Level")
    case .serviceData16BitUUID:
      let uuid = try reader.readUInt16LE("Service Data UUID")
      self = .serviceData16(uuid: uuid, data: reader.readRemaining())
    case .serviceData128BitUUID:
      let uuid = try UUID128(littleEndianBytes: reader.readBytes(16, "Service Data UUID"))
      self = .serviceData128(uuid: uuid, data: reader.readRemaining())
    case .manufacturerSpecificData:
      let company = try reader.readUInt16LE("Company Identifier")
      self = .manufacturerSpecificData(companyIdentifier: company, data: reader.readRemaining())
    default:
      self = .other(structure)
    }
  }
}

/// The Flags AD type's bits (Core Specification Supplement, Part A, 1.3).
public struct ADFlags: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let leLimitedDiscoverable = ADFlags(rawValue: 0x01)
  public static let leGeneralDiscoverable = ADFlags(rawValue: 0x02)
  public static let brEDRNotSupported = ADFlags(rawValue: 0x04)
  public static let simultaneousLEAndBREDRController = ADFlags(rawValue: 0x08)
  public static let simultaneousLEAndBREDRHost = ADFlags(rawValue: 0x10)
}
