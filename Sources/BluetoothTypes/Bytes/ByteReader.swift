/// A cursor over bytes that reads little- and big-endian integers and throws
/// ``ByteDecodingError/truncated(field:needed:available:)`` instead of reading past the end.
///
/// It never copies: ``readBytes(_:field:)`` returns a slice of the underlying buffer.
public struct ByteReader: Sendable {
  /// The bytes being read; indices are those of the original buffer.
  public let bytes: ArraySlice<UInt8>
  /// The index of the next byte to read.
  public private(set) var position: Int

  public init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    self.position = bytes.startIndex
  }

  public init(_ bytes: [UInt8]) {
    self.init(bytes[...])
  }

  /// How many bytes are left to read.
  @inlinable public var remainingCount: Int { bytes.endIndex - position }

  /// Whether every byte has been read.
  @inlinable public var isAtEnd: Bool { position >= bytes.endIndex }

  /// How many bytes have been read so far.
  @inlinable public var consumedCount: Int { position - bytes.startIndex }

  @inlinable
  mutating func require(_ count: Int, _ field: String) throws(ByteDecodingError) {
    guard count <= remainingCount else {
      throw .truncated(field: field, needed: count, available: remainingCount)
    }
  }

  public mutating func readUInt8(_ field: String) throws(ByteDecodingError) -> UInt8 {
    try require(1, field)
    defer { position += 1 }
    return bytes[position]
  }

  public mutating func readInt8(_ field: String) throws(ByteDecodingError) -> Int8 {
    Int8(bitPattern: try readUInt8(field))
  }

  public mutating func readUInt16LE(_ field: String) throws(ByteDecodingError) -> UInt16 {
    UInt16(truncatingIfNeeded: try readLittleEndian(2, field))
  }

  public mutating func readUInt24LE(_ field: String) throws(ByteDecodingError) -> UInt32 {
    UInt32(truncatingIfNeeded: try readLittleEndian(3, field))
  }

  public mutating func readUInt32LE(_ field: String) throws(ByteDecodingError) -> UInt32 {
    UInt32(truncatingIfNeeded: try readLittleEndian(4, field))
  }

  public mutating func readUInt64LE(_ field: String) throws(ByteDecodingError) -> UInt64 {
    try readLittleEndian(8, field)
  }

  public mutating func readUInt16BE(_ field: String) throws(ByteDecodingError) -> UInt16 {
    UInt16(truncatingIfNeeded: try readBigEndian(2, field))
  }

  public mutating func readUInt32BE(_ field: String) throws(ByteDecodingError) -> UInt32 {
    UInt32(truncatingIfNeeded: try readBigEndian(4, field))
  }

  public mutating func readUInt64BE(_ field: String) throws(ByteDecodingError) -> UInt64 {
    try readBigEndian(8, field)
  }

  /// Reads `count` (at most 8) bytes as a little-endian unsigned integer.
  public mutating func readLittleEndian(_ count: Int, _ field: String) throws(ByteDecodingError)
    -> UInt64
  {
    try require(count, field)
    var value: UInt64 = 0
    for offset in 0..<count {
      value |= UInt64(bytes[position + offset]) << (8 * UInt64(offset))
    }
    position += count
    return value
  }

  /// Reads `count` (at most 8) bytes as a big-endian unsigned integer.
  public mutating func readBigEndian(_ count: Int, _ field: String) throws(ByteDecodingError)
    -> UInt64
  {
    try require(count, field)
    var value: UInt64 = 0
    for offset in 0..<count {
      value = (value << 8) | UInt64(bytes[position + offset])
    }
    position += count
    return value
  }

  /// Reads `count` bytes as a slice of the underlying buffer.
  public mutating func readBytes(_ count: Int, _ field: String) throws(ByteDecodingError)
    -> ArraySlice<UInt8>
  {
    guard count >= 0 else { throw .invalidValue(field: field, value: UInt64(bitPattern: Int64(count))) }
    try require(count, field)
    defer { position += count }
    return bytes[position..<(position + count)]
  }

  /// Reads everything that is left.
  public mutating func readRemaining() -> ArraySlice<UInt8> {
    defer { position = bytes.endIndex }
    return bytes[position...]
  }

  /// Throws ``ByteDecodingError/trailingBytes(field:count:)`` unless every byte was read.
  public func expectEnd(_ field: String) throws(ByteDecodingError) {
    guard isAtEnd else { throw .trailingBytes(field: field, count: remainingCount) }
  }
}

extension ArraySlice where Element == UInt8 {
  /// The elements at `offsets`, counted from this slice's start (as a `Span` of it counts them).
  @inlinable
  public func subrange(offsets: Range<Int>) -> ArraySlice<UInt8> {
    self[(startIndex + offsets.lowerBound)..<(startIndex + offsets.upperBound)]
  }
}
