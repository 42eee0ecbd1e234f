import BluetoothTypes

/// The bytes an incremental capture decoder has received and not consumed yet: the one input
/// buffer of the btsnoop, pcap and pcapng decoders.
///
/// Consumed bytes are dropped lazily, so that appending tiny chunks stays cheap; offsets in
/// the file are kept so that errors and records can say where they are. A reader can have the
/// next bytes written straight into the buffer (``append(upTo:from:)``), so that a file's bytes
/// are copied once, by the kernel, on their way to the decoder.
struct CaptureInputBuffer: Sendable {
  /// The storage: received bytes up to ``endIndex``, room for the next read after it. Slices
  /// of it (records, packets) share it; one still held when bytes are next written makes that
  /// write copy the storage first, as any array would.
  private(set) var bytes: [UInt8] = []
  /// Index in `bytes` of the first unconsumed byte.
  private(set) var readIndex = 0
  /// Index in `bytes` just after the last received byte.
  private(set) var endIndex = 0
  /// File offset of `bytes[0]`.
  private var bufferFileOffset = 0

  /// Consumed bytes are dropped once at least this many have piled up (and they are at least
  /// half of what was received), so that dropping costs little per byte even with tiny appends.
  private static let compactionThreshold = 16_384

  /// How many received bytes are not consumed yet.
  var available: Int { endIndex - readIndex }

  /// File offset of the first unconsumed byte.
  var fileOffset: Int { bufferFileOffset + readIndex }

  /// Bytes held in memory: received ones, consumed ones not dropped yet, and the room kept for
  /// the next read.
  var storageByteCount: Int { bytes.count }

  /// Adds `more` after the received bytes.
  mutating func append(_ more: some Collection<UInt8>) {
    let count = more.count
    _ = append(upTo: count) { room in
      room.copyBytes(from: more)
      return count
    }
  }

  /// Lets `read` write up to `maximumCount` bytes straight after the received ones, and keeps
  /// the count it returns (`0...maximumCount`; a larger or negative count traps). Returns that
  /// count. The room is made once and kept: a reader of fixed-size chunks allocates nothing
  /// after its first reads.
  mutating func append<Failure: Error>(
    upTo maximumCount: Int, from read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
  ) throws(Failure) -> Int {
    dropConsumedBytes()
    let roomEnd = endIndex + maximumCount
    if bytes.count < roomEnd { bytes.append(contentsOf: repeatElement(0, count: roomEnd - bytes.count)) }
    let start = endIndex
    let result = bytes.withUnsafeMutableBytes { storage in
      Result { () throws(Failure) in try read(UnsafeMutableRawBufferPointer(rebasing: storage[start..<roomEnd])) }
    }
    let count = try result.get()
    precondition((0...maximumCount).contains(count), "a capture read claimed more bytes than its room")
    endIndex += count
    return count
  }

  /// Drops the consumed bytes: all of them when nothing is pending, else once enough piled up.
  private mutating func dropConsumedBytes() {
    if readIndex == endIndex {
      bufferFileOffset += readIndex
      readIndex = 0
      endIndex = 0
    } else if readIndex >= Self.compactionThreshold && readIndex * 2 >= endIndex {
      let pending = readIndex..<endIndex
      bytes.withUnsafeMutableBytes { storage in
        guard let base = storage.baseAddress else { return }
        base.copyMemory(from: base + pending.lowerBound, byteCount: pending.count)  // memmove: may overlap
      }
      bufferFileOffset += readIndex
      endIndex = pending.count
      readIndex = 0
    }
  }

  mutating func consume(_ count: Int) {
    readIndex += min(count, available)
  }

  func slice(from start: Int, to end: Int) -> ArraySlice<UInt8> {
    precondition(start <= end && end <= available)
    return bytes[(readIndex + start)..<(readIndex + end)]
  }

  func prefix(_ count: Int) -> [UInt8] {
    Array(bytes[readIndex..<(readIndex + min(count, available))])
  }

  /// The 16-, 32- or 64-bit word at `offset` from the first unconsumed byte, in the given byte
  /// order; callers have checked that its bytes were received (out of range traps).
  func uint16(at offset: Int, bigEndian: Bool) -> UInt16 { word(at: offset, bigEndian: bigEndian) }
  func uint32(at offset: Int, bigEndian: Bool) -> UInt32 { word(at: offset, bigEndian: bigEndian) }
  func uint64(at offset: Int, bigEndian: Bool) -> UInt64 { word(at: offset, bigEndian: bigEndian) }

  private func word<Word: FixedWidthInteger>(at offset: Int, bigEndian: Bool) -> Word {
    precondition(offset >= 0 && offset + MemoryLayout<Word>.size <= available)
    let word = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: readIndex + offset, as: Word.self) }
    return bigEndian ? Word(bigEndian: word) : Word(littleEndian: word)
  }
}
