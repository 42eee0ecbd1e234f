/// A 48-bit Bluetooth device address (BD_ADDR).
///
/// On the wire HCI sends the least significant byte first; people write the most
/// significant first, so `AA:BB:CC:DD:EE:FF` travels as `FF EE DD CC BB AA`.
public struct BluetoothAddress: Hashable, Sendable, Comparable {
  /// The 48 address bits; the first octet people write is bits 40–47.
  public let rawValue: UInt64

  @inlinable public init(rawValue: UInt64) { self.rawValue = rawValue & 0xFFFF_FFFF_FFFF }

  /// The address from its six wire bytes (least significant first). Inlinable, so that it is
  /// specialised for the caller's collection type.
  @inlinable
  public init<Bytes: Collection>(littleEndianBytes bytes: Bytes) throws(ByteDecodingError)
  where Bytes.Element == UInt8 {
    guard bytes.count == 6 else {
      throw .lengthMismatch(field: "BD_ADDR", declared: 6, available: bytes.count)
    }
    var value: UInt64 = 0
    var shift: UInt64 = 0
    for byte in bytes {
      value |= UInt64(byte) << shift
      shift += 8
    }
    self.init(rawValue: value)
  }

  /// Parses `AA:BB:CC:DD:EE:FF` (either case; `-` also accepted as separator).
  public init?(_ text: String) {
    let parts = text.split(omittingEmptySubsequences: false) { $0 == ":" || $0 == "-" }
    guard parts.count == 6 else { return nil }
    var value: UInt64 = 0
    for part in parts {
      guard part.count == 2, part.allSatisfy(\.isHexDigit), let octet = UInt8(part, radix: 16) else { return nil }
      value = value << 8 | UInt64(octet)
    }
    self.init(rawValue: value)
  }

  /// The six wire bytes, least significant first.
  public var littleEndianBytes: [UInt8] {
    (0..<6).map { UInt8(truncatingIfNeeded: rawValue >> (8 * UInt64($0))) }
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension BluetoothAddress: CustomStringConvertible {
  /// Upper case, most significant octet first: `AA:BB:CC:DD:EE:FF`.
  public var description: String {
    Hex.encode(bigEndian: rawValue, byteCount: 6, separator: ":")
  }
}

extension ByteReader {
  public mutating func readAddress(_ field: String) throws(ByteDecodingError) -> BluetoothAddress {
    try BluetoothAddress(littleEndianBytes: readBytes(6, field))
  }
}

extension ByteWriter {
  public mutating func write(_ address: BluetoothAddress) {
    writeLittleEndian(address.rawValue, count: 6)
  }
}

extension Span where Element == UInt8 {
  /// Reads a six-byte address (least significant byte first) and advances `offset`.
  @inlinable
  public func readAddress(at offset: inout Int, _ field: String) throws(ByteDecodingError) -> BluetoothAddress {
    BluetoothAddress(rawValue: try readLittleEndian(6, at: &offset, field))
  }
}
