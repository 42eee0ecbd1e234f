/// Field readers over borrowed bytes, for the decoders on the hot path.
///
/// They check and fail exactly as ``ByteReader`` does (``ByteDecodingError/truncated(field:needed:available:)``
/// naming the field), but they read a `Span` at an offset the caller advances, so a decoder
/// built on them retains, copies and allocates nothing. Offsets count from the span's start.
extension Span where Element == UInt8 {
  /// Throws unless `count` bytes are left at `offset`.
  @inlinable
  public func requireBytes(_ count: Int, at offset: Int, _ field: String) throws(ByteDecodingError) {
    let available = self.count - offset
    guard count <= available else { throw .truncated(field: field, needed: count, available: available) }
  }

  /// Reads one byte and advances `offset`.
  @inlinable
  public func readUInt8(at offset: inout Int, _ field: String) throws(ByteDecodingError) -> UInt8 {
    try requireBytes(1, at: offset, field)
    defer { offset += 1 }
    return self[offset]
  }

  /// Reads one signed byte and advances `offset`.
  @inlinable
  public func readInt8(at offset: inout Int, _ field: String) throws(ByteDecodingError) -> Int8 {
    Int8(bitPattern: try readUInt8(at: &offset, field))
  }

  /// Reads `count` (at most 8) bytes as a little-endian unsigned integer. Always inlined, so that
  /// a constant `count` picks its loads at compile time.
  @inlinable @inline(__always)
  public func readLittleEndian(_ count: Int, at offset: inout Int, _ field: String) throws(ByteDecodingError)
    -> UInt64
  {
    try requireBytes(count, at: offset, field)
    defer { offset += count }
    return loadLittleEndian(count, at: offset)
  }

  /// Reads `count` (at most 8) bytes as a big-endian unsigned integer (always inlined, as
  /// ``readLittleEndian(_:at:_:)``).
  @inlinable @inline(__always)
  public func readBigEndian(_ count: Int, at offset: inout Int, _ field: String) throws(ByteDecodingError)
    -> UInt64
  {
    try requireBytes(count, at: offset, field)
    defer { offset += count }
    return loadBigEndian(count, at: offset)
  }

  @inlinable
  public func readUInt16LE(at offset: inout Int, _ field: String) throws(ByteDecodingError) -> UInt16 {
    UInt16(truncatingIfNeeded: try readLittleEndian(2, at: &offset, field))
  }

  @inlinable
  public func readUInt16BE(at offset: inout Int, _ field: String) throws(ByteDecodingError) -> UInt16 {
    UInt16(truncatingIfNeeded: try readBigEndian(2, at: &offset, field))
  }

  /// `count` (0...8) bytes at `offset` as a big-endian unsigned integer, which the caller has
  /// checked are there (out of bounds traps, as any `Span` access does).
  @inlinable @inline(__always)
  public func loadBigEndian(_ count: Int, at offset: Int) -> UInt64 {
    let value = loadLittleEndian(count, at: offset).byteSwapped
    return count == 0 ? 0 : value >> (64 - 8 * UInt64(count))
  }

  /// `count` (0...8) bytes at `offset`, least significant first, which the caller has checked
  /// are there (out of bounds traps, as any `Span` access does). Whole-word loads, so that a
  /// field costs one or two loads rather than a loop: the loads are bounds-checked and integers
  /// have no invalid bit patterns.
  @inlinable @inline(__always)
  public func loadLittleEndian(_ count: Int, at offset: Int) -> UInt64 {
    let raw = bytes
    switch count {
    case 8:
      return UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self))
    case 6:
      let low = UInt64(UInt32(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt32.self)))
      let high = UInt64(UInt16(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: offset + 4, as: UInt16.self)))
      return low | high << 32
    case 4:
      return UInt64(UInt32(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    case 2:
      return UInt64(UInt16(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt16.self)))
    default:
      var value: UInt64 = 0
      for index in 0..<Swift.min(count, 8) { value |= UInt64(self[offset + index]) << (8 * UInt64(index)) }
      return value
    }
  }

  /// Skips `count` bytes and returns where they are, for a caller that takes them as a slice
  /// or a sub-span.
  @inlinable
  public func readRange(_ count: Int, at offset: inout Int, _ field: String) throws(ByteDecodingError)
    -> Range<Int>
  {
    try requireBytes(count, at: offset, field)
    defer { offset += count }
    return offset..<(offset + count)
  }
}
