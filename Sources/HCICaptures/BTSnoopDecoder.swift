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
  /// Received bytes, and where the next record starts.
  private var input = CaptureInputBuffer()
  private var recordsDecoded = 0
  private var failure: BTSnoopError?

  /// The datalink from the file header, once the header has been read.
  public private(set) var datalink: BTSnoopDatalink?

  public init() {}

  /// How many received bytes the decoder has not consumed yet.
  public var unconsumedByteCount: Int { input.available }

  /// How many bytes the decoder holds in memory: consumed ones not yet dropped and the room
  /// kept for the next ``append(upTo:from:)`` included.
  public var bufferedByteCount: Int { input.storageByteCount }

  /// Adds the next bytes of the capture.
  public mutating func append(_ bytes: some Collection<UInt8>) {
    input.append(bytes)
  }

  /// Lets `read` write the next bytes of the capture, up to `maximumCount`, straight into the
  /// decoder's buffer (a file reader's `read(2)`, with no copy after it); returns how many it
  /// wrote, as `read` returned them (`0...maximumCount`).
  public mutating func append<Failure: Error>(
    upTo maximumCount: Int, from read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
  ) throws(Failure) -> Int {
    try input.append(upTo: maximumCount, from: read)
  }

  /// Reads the 16-byte file header if it has arrived.
  ///
  /// - Returns: The datalink, or `nil` if more bytes are needed.
  @discardableResult
  public mutating func readFileHeader() throws(BTSnoopError) -> BTSnoopDatalink? {
    if let failure { throw failure }
    if let datalink { return datalink }
    let available = input.available
    // Judge the magic only on all 8 bytes, so that the error is the same however input is split.
    guard available >= BTSnoopFormat.magic.count else { return nil }
    let magic = input.slice(from: 0, to: BTSnoopFormat.magic.count)
    guard magic.elementsEqual(BTSnoopFormat.magic) else { return try fail(.notBTSnoop(found: Array(magic))) }
    guard available >= BTSnoopFormat.fileHeaderSize else { return nil }
    let version = input.uint32(at: 8, bigEndian: true)
    guard version == BTSnoopFormat.version else { return try fail(.unsupportedVersion(version)) }
    let found = BTSnoopDatalink(rawValue: input.uint32(at: 12, bigEndian: true))
    guard found.isSupported else { return try fail(.unsupportedDatalink(found.rawValue)) }
    input.consume(BTSnoopFormat.fileHeaderSize)
    datalink = found
    return found
  }

  /// The next whole record, or `nil` if more bytes are needed.
  public mutating func nextRecord() throws(BTSnoopError) -> BTSnoopRecord? {
    guard let (header, dataRange) = try nextRecordHeader() else { return nil }
    return BTSnoopRecord(header: header, data: input.bytes[dataRange])
  }

  /// The next complete record's header, and where its data is in ``bufferedBytes``; `nil` when
  /// more bytes are needed. ``nextRecord()`` without the slice: for readers that make their own
  /// packets from the buffer.
  public mutating func nextRecordHeader() throws(BTSnoopError) -> (header: BTSnoopRecordHeader, dataRange: Range<Int>)?
  {
    if let failure { throw failure }
    if datalink == nil, try readFileHeader() == nil { return nil }
    guard let (includedLength, originalLength) = try pendingRecordLengths() else { return nil }
    let recordLength = BTSnoopFormat.recordHeaderSize + includedLength
    guard recordLength <= input.available else { return nil }
    // Flags and cumulative drops, then the timestamp: big-endian words read two at a time.
    let flagsAndDrops = input.uint64(at: 8, bigEndian: true)
    let header = BTSnoopRecordHeader(
      recordNumber: recordsDecoded + 1,
      byteOffset: input.fileOffset,
      originalLength: originalLength,
      flags: UInt32(truncatingIfNeeded: flagsAndDrops >> 32),
      cumulativeDrops: UInt32(truncatingIfNeeded: flagsAndDrops),
      timestamp: BTSnoopTimestamp(rawValue: Int64(bitPattern: input.uint64(at: 16, bigEndian: true))))
    let dataStart = input.readIndex + BTSnoopFormat.recordHeaderSize
    recordsDecoded += 1
    input.consume(recordLength)
    return (header, dataStart..<(dataStart + includedLength))
  }

  /// The bytes the decoder holds, where ``nextRecordHeader()``'s data ranges point; valid until
  /// the next ``append(_:)`` or ``append(upTo:from:)``. Shared, not copied.
  public var bufferedBytes: [UInt8] { input.bytes }

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
    let available = input.available
    guard datalink != nil else {
      guard try readFileHeader() == nil else { return try finish() }
      let present = input.prefix(BTSnoopFormat.magic.count)
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
      recordNumber: recordsDecoded + 1, byteOffset: input.fileOffset,
      presentBytes: available, expectedBytes: expected)
  }

  /// The included and original lengths of the next record, checked, or `nil` if its
  /// header has not fully arrived.
  private mutating func pendingRecordLengths() throws(BTSnoopError) -> (included: Int, original: UInt32)? {
    guard input.available >= BTSnoopFormat.recordHeaderSize else { return nil }
    let lengths = input.uint64(at: 0, bigEndian: true)
    let original = UInt32(truncatingIfNeeded: lengths >> 32)
    let included = UInt32(truncatingIfNeeded: lengths)
    let reason: BTSnoopError.CorruptRecordReason
    if included > BTSnoopFormat.maximumIncludedLength {
      reason = .includedLengthTooLarge(included)
    } else if included > original {
      reason = .includedLengthExceedsOriginal(included: included, original: original)
    } else {
      return (Int(included), original)
    }
    return try fail(
      .corruptRecord(recordNumber: recordsDecoded + 1, byteOffset: input.fileOffset, reason: reason))
  }

  /// Records the error so that later calls throw it too, and throws it.
  private mutating func fail<T>(_ error: BTSnoopError) throws(BTSnoopError) -> T {
    failure = error
    throw error
  }
}
