import BluetoothTypes

/// The bytes an incremental capture decoder has received and not consumed yet.
///
/// Consumed bytes are dropped lazily, so that appending tiny chunks stays cheap; offsets in
/// the file are kept so that errors and records can say where they are.
struct CaptureInputBuffer: Sendable {
  private(set) var bytes: [UInt8] = []
  /// Index in `bytes` of the first unconsumed byte.
  private(set) var readIndex = 0
  /// File offset of `bytes[0]`.
  private var bufferFileOffset = 0

  /// Consumed bytes are dropped once at least this many have piled up (and they are at least
  /// half the buffer), so that dropping costs little per byte even with tiny appends.
  private static let compactionThreshold = 16_384

  /// How many received bytes are not consumed yet.
  var available: Int { bytes.count - readIndex }

  /// File offset of the first unconsumed byte.
  var fileOffset: Int { bufferFileOffset + readIndex }

  mutating func append(_ more: some Collection<UInt8>) {
    if readIndex == bytes.count {
      bufferFileOffset += readIndex
      bytes.removeAll(keepingCapacity: true)
      readIndex = 0
    } else if readIndex >= Self.compactionThreshold && readIndex * 2 >= bytes.count {
      bufferFileOffset += readIndex
      bytes.removeSubrange(0..<readIndex)
      readIndex = 0
    }
    bytes.append(contentsOf: more)
  }

  /// Marks `count` more bytes as consumed; callers check that they are available.
  mutating func consume(_ count: Int) {
    readIndex += min(count, available)
  }

  /// The unconsumed bytes from `start` (relative to the first unconsumed byte) to `end`;
  /// callers check that they are available.
  func slice(from start: Int, to end: Int) -> ArraySlice<UInt8> {
    bytes[(readIndex + start)..<(readIndex + end)]
  }

  /// Up to `count` unconsumed bytes, copied.
  func prefix(_ count: Int) -> [UInt8] {
    Array(bytes[readIndex..<(readIndex + min(count, available))])
  }

  /// A 16-bit integer at `offset` from the first unconsumed byte; callers check that the two
  /// bytes are available.
  func uint16(at offset: Int, bigEndian: Bool) -> UInt16 {
    let first = UInt16(bytes[readIndex + offset])
    let second = UInt16(bytes[readIndex + offset + 1])
    return bigEndian ? first << 8 | second : second << 8 | first
  }

  /// A 32-bit integer at `offset` from the first unconsumed byte; callers check that the four
  /// bytes are available.
  func uint32(at offset: Int, bigEndian: Bool) -> UInt32 {
    let high = UInt32(uint16(at: offset, bigEndian: bigEndian))
    let low = UInt32(uint16(at: offset + 2, bigEndian: bigEndian))
    return bigEndian ? high << 16 | low : low << 16 | high
  }
}
