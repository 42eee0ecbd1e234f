import BluetoothTypes

/// A command opcode: OGF in the upper 6 bits, OCF in the lower 10 (Core spec Vol 4, Part E, 5.4.1).
public struct HCIOpcode: RawRepresentable, Hashable, Sendable {
  public let rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  public init(groupField: UInt8, commandField: UInt16) {
    rawValue = UInt16(groupField & 0x3F) << 10 | (commandField & 0x03FF)
  }

  /// Opcode Group Field.
  public var groupField: UInt8 { UInt8(rawValue >> 10) }
  /// Opcode Command Field.
  public var commandField: UInt16 { rawValue & 0x03FF }
}

extension HCIOpcode: CustomStringConvertible {
  public var description: String {
    "0x" + Hex.encode(bigEndian: UInt64(rawValue), byteCount: 2)
  }
}
