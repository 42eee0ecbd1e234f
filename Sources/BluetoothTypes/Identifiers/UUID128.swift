/// A 128-bit UUID, held in the canonical (big-endian, as written) byte order.
///
/// Bluetooth sends 128-bit service UUIDs little-endian, but iBeacon and AltBeacon
/// carry their proximity UUID big-endian: use the matching initializer.
public struct UUID128: Hashable, Sendable, Comparable {
  /// Bytes 0–7 as written (`12345678-9ABC-DEF0` of `12345678-9ABC-DEF0-…`).
  public let high: UInt64
  /// Bytes 8–15 as written.
  public let low: UInt64

  @inlinable
  public init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// The UUID from 16 bytes in the order they are written.
  ///
  /// Inlinable so that callers in other modules get it specialised for their collection type:
  /// unspecialised, the generic iteration cost more than the rest of a beacon frame's decoding.
  @inlinable
  public init<Bytes: Collection>(bigEndianBytes bytes: Bytes) throws(ByteDecodingError)
  where Bytes.Element == UInt8 {
    guard bytes.count == 16 else {
      throw .lengthMismatch(field: "UUID", declared: 16, available: bytes.count)
    }
    var high: UInt64 = 0
    var low: UInt64 = 0
    var offset = 0
    for byte in bytes {
      if offset < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
      offset += 1
    }
    self.init(high: high, low: low)
  }

  /// The UUID from 16 bytes least significant first (AD service UUID lists, service data).
  public init<Bytes: Collection>(littleEndianBytes bytes: Bytes) throws(ByteDecodingError)
  where Bytes.Element == UInt8 {
    try self.init(bigEndianBytes: Array(bytes).reversed())
  }

  /// Parses `8-4-4-4-12` hex text in either case, or 32 hex digits without dashes.
  public init?(_ text: String) {
    let digits = text.filter { $0 != "-" }
    guard digits.count == 32, digits.allSatisfy(\.isHexDigit), text.count == 32 || text.count == 36 else { return nil }
    if text.count == 36 {
      let dashes = text.enumerated().filter { $0.element == "-" }.map(\.offset)
      guard dashes == [8, 13, 18, 23] else { return nil }
    }
    guard let high = UInt64(digits.prefix(16), radix: 16),
      let low = UInt64(digits.suffix(16), radix: 16)
    else { return nil }
    self.init(high: high, low: low)
  }

  /// The 16 bytes in written order.
  public var bigEndianBytes: [UInt8] {
    var writer = ByteWriter(capacity: 16)
    writer.writeUInt64BE(high)
    writer.writeUInt64BE(low)
    return writer.bytes
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.high, lhs.low) < (rhs.high, rhs.low)
  }
}

extension UUID128: CustomStringConvertible {
  /// Canonical upper-case `8-4-4-4-12` form.
  public var description: String {
    var text: [UInt8] = []
    text.reserveCapacity(36)
    for offset in 0..<16 {
      if offset == 4 || offset == 6 || offset == 8 || offset == 10 { text.append(UInt8(ascii: "-")) }
      let word = offset < 8 ? high : low
      Hex.appendDigits(of: UInt8(truncatingIfNeeded: word >> (56 - 8 * UInt64(offset % 8))), to: &text)
    }
    return String(decoding: text, as: UTF8.self)
  }
}
