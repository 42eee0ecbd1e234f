/// Reads a btsnoop capture incrementally: feed it bytes in chunks of any size with
/// ``append(_:)``, take records with ``nextRecord()``, and call ``finish()`` when the input
/// ends.
///
/// ```swift
/// var decoder = BTSnoopDecoder()
/// for chunk in chunks {
///   decoder.append(chunk)
///   while let record = try decoder.nextRecord() { handle(record) }
/// }
/// if let warning = try decoder.finish() { report(warning) }
/// ```
///
/// The decoder keeps only bytes it has not consumed yet (at most about one record plus the
/// last chunk), so memory stays bounded however long the capture is. Records are slices of
/// its buffer, not copies. After it throws, it throws the same error on every later call.
public struct BTSnoopDecoder: Sendable {
  /// Received bytes; those before `readIndex` are consumed and dropped on a later append.
  private var buffer: [UInt8] = []
  private var readIndex = 0
  /// File offset of `buffer[0]`.
  private var bufferFileOffset = 0
  private var recordsDecoded = 0
  private var failure: BTSnoopError?

  /// The datalink from the file header, once the header has been read.
  public private(set) var datalink: BTSnoopDatalink?

  /// Consumed bytes are dropped once at least this many have piled up (and they are at least
  /// half the buffer), so that dropping costs little per byte even with tiny appends.
  private static let compactionThreshold = 16_384

  public init() {}

  /// How many received bytes the decoder has not consumed yet.
  public var unconsumedByteCount: Int { buffer.count - readIndex }

  /// How many bytes the decoder holds in memory, consumed ones not yet dropped included.
  public var bufferedByteCount: Int { buffer.count }

  /// Adds the next bytes of the capture.
  public mutating func append(_ bytes: some Collection<UInt8>) {
    if readIndex == buffer.count {
      bufferFileOffset += readIndex
      buffer.removeAll(keepingCapacity: true)
      readIndex = 0
    } else if readIndex >= Self.compactionThreshold && readIndex * 2 >= buffer.count {
      bufferFileOffset += readIndex
      buffer.removeSubrange(0..<readIndex)
      readIndex = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// Reads the 16-byte file header if it has arrived.
  ///
  /// - Returns: The datalink, or `nil` if more bytes are needed.
  @discardableResult
  public mutating func readFileHeader() throws(BTSnoopError) -> BTSnoopDatalink? {
    if let failure { throw failure }
    if let datalink { return datalink }
    let available = buffer.count - readIndex
    // Judge the magic only on all 8 bytes, so that the error is the same however input is split.
    guard available >= BTSnoopFormat.magic.count else { return nil }
    let magic = buffer[readIndex..<(readIndex + BTSnoopFormat.magic.count)]
    guard magic.elementsEqual(BTSnoopFormat.magic) else { return try fail(.notBTSnoop(found: Array(magic))) }
    guard available >= BTSnoopFormat.fileHeaderSize else { return nil }
    let version = readUInt32BE(at: readIndex + 8)
    guard version == BTSnoopFormat.version else { return try fail(.unsupportedVersion(version)) }
    let found = BTSnoopDatalink(rawValue: readUInt32BE(at: readIndex + 12))
    guard found.isSupported else { return try fail(.unsupportedDatalink(found.rawValue)) }
    readIndex += BTSnoopFormat.fileHeaderSize
    datalink = found
    return found
  }

  /// The next whole record, or `nil` if more bytes are needed.
  public mutating func nextRecord() throws(BTSnoopError) -> BTSnoopRecord? {
    guard let (header, dataRange) = try nextRecordHeader() else { return nil }
    return BTSnoopRecord(header: header, data: buffer[dataRange])
  }

  /// The next complete record's header, and where its data is in ``bufferedBytes``; `nil` when
  /// more bytes are needed. ``nextRecord()`` without the slice: for readers that make their own
  /// packets from the buffer.
  public mutating func nextRecordHeader() throws(BTSnoopError) -> (header: BTSnoopRecordHeader, dataRange: Range<Int>)?
  {
    if let failure { throw failure }
    if datalink == nil, try readFileHeader() == nil { return nil }
    guard let (includedLength, originalLength) = try pendingRecordLengths() else { return nil }
    let headerStart = readIndex
    let dataStart = headerStart + BTSnoopFormat.recordHeaderSize
    let dataEnd = dataStart + includedLength
    guard dataEnd <= buffer.count else { return nil }
    recordsDecoded += 1
    readIndex = dataEnd
    let header = BTSnoopRecordHeader(
      recordNumber: recordsDecoded,
      byteOffset: bufferFileOffset + headerStart,
      originalLength: originalLength,
      flags: readUInt32BE(at: headerStart + 8),
      cumulativeDrops: readUInt32BE(at: headerStart + 12),
      timestamp: BTSnoopTimestamp(
        rawValue: Int64(
          bitPattern: UInt64(readUInt32BE(at: headerStart + 16)) << 32
            | UInt64(readUInt32BE(at: headerStart + 20)))))
    return (header, dataStart..<dataEnd)
  }

  /// The bytes the decoder holds, where ``nextRecordHeader()``'s data ranges point; valid until
  /// the next ``append(_:)``. Shared, not copied.
  public var bufferedBytes: [UInt8] { buffer }

  /// Declares the end of the input, after ``nextRecord()`` has returned `nil`.
  ///
  /// - Returns: A warning if the input ended inside a record; every record before it has
  ///   been returned by ``nextRecord()``. Whole records still buffered (if ``nextRecord()``
  ///   was not drained) are not reported here; they stay available.
  /// - Throws: ``BTSnoopError/truncatedHeader(presentBytes:)`` if the input ended inside the
  ///   file header, ``BTSnoopError/notBTSnoop(found:)`` if even its first bytes are wrong,
  ///   or the error an earlier call threw.
  public mutating func finish() throws(BTSnoopError) -> BTSnoopWarning? {
    if let failure { throw failure }
    let available = buffer.count - readIndex
    guard datalink != nil else {
      guard try readFileHeader() == nil else { return try finish() }
      let present = Array(buffer[readIndex...].prefix(BTSnoopFormat.magic.count))
      if !present.elementsEqual(BTSnoopFormat.magic.prefix(present.count)) {
        return try fail(.notBTSnoop(found: present))
      }
      return try fail(.truncatedHeader(presentBytes: available))
    }
    guard available > 0 else { return nil }
    let expected: Int
    if let (includedLength, _) = try pendingRecordLengths() {
      expected = BTSnoopFormat.recordHeaderSize + includedLength
      if available >= expected { return nil }
    } else {
      expected = BTSnoopFormat.recordHeaderSize
    }
    return .truncatedFinalRecord(
      recordNumber: recordsDecoded + 1, byteOffset: bufferFileOffset + readIndex,
      presentBytes: available, expectedBytes: expected)
  }

  /// The included and original lengths of the record at `readIndex`, checked, or `nil` if its
  /// header has not fully arrived.
  private mutating func pendingRecordLengths() throws(BTSnoopError) -> (included: Int, original: UInt32)? {
    guard buffer.count - readIndex >= BTSnoopFormat.recordHeaderSize else { return nil }
    let original = readUInt32BE(at: readIndex)
    let included = readUInt32BE(at: readIndex + 4)
    let reason: BTSnoopError.CorruptRecordReason
    if included > BTSnoopFormat.maximumIncludedLength {
      reason = .includedLengthTooLarge(included)
    } else if included > original {
      reason = .includedLengthExceedsOriginal(included: included, original: original)
    } else {
      return (Int(included), original)
    }
    return try fail(
      .corruptRecord(recordNumber: recordsDecoded + 1, byteOffset: bufferFileOffset + readIndex, reason: reason))
  }

  /// Records the error so that later calls throw it too, and throws it.
  private mutating func fail<T>(_ error: BTSnoopError) throws(BTSnoopError) -> T {
    failure = error
    throw error
  }

  /// Callers check that four bytes are there.
  /// The big-endian word at `index`; callers have checked that its 4 bytes are buffered.
  private func readUInt32BE(at index: Int) -> UInt32 {
    precondition(index >= 0 && index + 4 <= buffer.count)
    return buffer.withUnsafeBytes { UInt32(bigEndian: $0.loadUnaligned(fromByteOffset: index, as: UInt32.self)) }
  }
}
