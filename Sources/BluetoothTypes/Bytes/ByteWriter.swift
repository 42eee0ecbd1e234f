/// Appends integers in the byte orders HCI (little-endian) and btsnoop (big-endian) use.
public struct ByteWriter: Sendable {
  public private(set) var bytes: [UInt8]

  public init(capacity: Int = 0) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  public mutating func write(_ value: UInt8) { bytes.append(value) }

  public mutating func write(_ value: Int8) { bytes.append(UInt8(bitPattern: value)) }

  public mutating func write<Bytes: Sequence>(contentsOf data: Bytes) where Bytes.Element == UInt8 {
    bytes.append(contentsOf: data)
  }

  public mutating func writeUInt16LE(_ value: UInt16) { writeLittleEndian(UInt64(value), count: 2) }
  public mutating func writeUInt24LE(_ value: UInt32) { writeLittleEndian(UInt64(value), count: 3) }
  public mutating func writeUInt32LE(_ value: UInt32) { writeLittleEndian(UInt64(value), count: 4) }
  public mutating func writeUInt64LE(_ value: UInt64) { writeLittleEndian(value, count: 8) }
  public mutating func writeUInt16BE(_ value: UInt16) { writeBigEndian(UInt64(value), count: 2) }
  public mutating func writeUInt32BE(_ value: UInt32) { writeBigEndian(UInt64(value), count: 4) }
  public mutating func writeUInt64BE(_ value: UInt64) { writeBigEndian(value, count: 8) }

  /// Writes the low `count` bytes of `value`, least significant first.
  public mutating func writeLittleEndian(_ value: UInt64, count: Int) {
    for offset in 0..<count { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(offset)))) }
  }

  /// Writes the low `count` bytes of `value`, most significant first.
  public mutating func writeBigEndian(_ value: UInt64, count: Int) {
    for offset in (0..<count).reversed() {
      bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(offset))))
    }
  }
}
