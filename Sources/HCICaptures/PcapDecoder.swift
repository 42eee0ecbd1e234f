import BluetoothTypes

/// Reads a pcap savefile incrementally: feed it bytes in chunks of any size with
/// ``append(_:)``, take frames with ``nextFrame()``, and call ``finish()`` when the input ends.
///
/// ```swift
/// var decoder = PcapDecoder()
/// for chunk in chunks {
///   decoder.append(chunk)
///   while let frame = try decoder.nextFrame() { handle(frame) }
/// }
/// if let warning = try decoder.finish() { report(warning) }
/// ```
///
/// Both byte orders and both timestamp precisions (microsecond and nanosecond magic) are
/// read; nanosecond timestamps are truncated to whole microseconds. The decoder keeps only
/// bytes it has not consumed yet (about one record plus the last chunk). After it throws, it
/// throws the same error on every later call.
public struct PcapDecoder: Sendable {
  private var input = CaptureInputBuffer()
  private var recordsDecoded = 0
  private var failure: PacketCaptureError?

  /// The file header's fields, once it has been read.
  public private(set) var fileHeader: FileHeader?

  /// The fields of a pcap file header that matter for reading its records.
  public struct FileHeader: Hashable, Sendable {
    /// Whether the file's integers are big-endian.
    public var isBigEndian: Bool
    /// Whether record timestamps count nanoseconds rather than microseconds.
    public var hasNanosecondTimestamps: Bool
    public var majorVersion: UInt16
    public var minorVersion: UInt16
    /// The largest number of bytes stored per packet.
    public var snapLength: UInt32
    /// The link type of every record (the low 16 bits of the header's link-type field).
    public var linkType: PcapLinkType
  }

  public init() {}

  /// Adds the next bytes of the capture.
  public mutating func append(_ bytes: some Collection<UInt8>) {
    input.append(bytes)
  }

  /// Lets `read` write the next bytes of the capture, up to `maximumCount`, straight into the
  /// decoder's buffer; returns how many it wrote (`0...maximumCount`).
  public mutating func append<Failure: Error>(
    upTo maximumCount: Int, from read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
  ) throws(Failure) -> Int {
    try input.append(upTo: maximumCount, from: read)
  }

  /// Reads the 24-byte file header if it has arrived.
  ///
  /// - Returns: The header, or `nil` if more bytes are needed.
  @discardableResult
  public mutating func readFileHeader() throws(PacketCaptureError) -> FileHeader? {
    if let failure { throw failure }
    if let fileHeader { return fileHeader }
    guard input.available >= 4 else { return nil }
    let magicBE = input.uint32(at: 0, bigEndian: true)
    let magicLE = input.uint32(at: 0, bigEndian: false)
    let isBigEndian: Bool
    let nanoseconds: Bool
    switch (magicBE, magicLE) {
    case (PcapFormat.microsecondMagic, _): (isBigEndian, nanoseconds) = (true, false)
    case (PcapFormat.nanosecondMagic, _): (isBigEndian, nanoseconds) = (true, true)
    case (_, PcapFormat.microsecondMagic): (isBigEndian, nanoseconds) = (false, false)
    case (_, PcapFormat.nanosecondMagic): (isBigEndian, nanoseconds) = (false, true)
    default:
      let found = input.prefix(CaptureFileFormat.identifyingByteCount)
      return try fail(.notPacketCapture(found: found, format: CaptureFileFormat(leadingBytes: found)))
    }
    guard input.available >= PcapFormat.fileHeaderSize else { return nil }
    let major = input.uint16(at: 4, bigEndian: isBigEndian)
    let minor = input.uint16(at: 6, bigEndian: isBigEndian)
    guard major == PcapFormat.majorVersion else {
      return try fail(.unsupportedVersion(major: major, minor: minor, byteOffset: 4))
    }
    let header = FileHeader(
      isBigEndian: isBigEndian, hasNanosecondTimestamps: nanoseconds, majorVersion: major, minorVersion: minor,
      snapLength: input.uint32(at: 16, bigEndian: isBigEndian),
      linkType: PcapLinkType(rawValue: input.uint32(at: 20, bigEndian: isBigEndian) & 0xFFFF))
    input.consume(PcapFormat.fileHeaderSize)
    fileHeader = header
    return header
  }

  /// The next whole frame, or `nil` if more bytes are needed.
  public mutating func nextFrame() throws(PacketCaptureError) -> CapturedFrame? {
    guard let header = try readFileHeader() else { return nil }
    guard let capturedLength = try pendingCapturedLength(header) else { return nil }
    let recordSize = PcapFormat.recordHeaderSize + capturedLength
    guard input.available >= recordSize else { return nil }
    let big = header.isBigEndian
    let seconds = Int64(input.uint32(at: 0, bigEndian: big))
    let fraction = Int64(input.uint32(at: 4, bigEndian: big))
    let microseconds = seconds * 1_000_000 + (header.hasNanosecondTimestamps ? fraction / 1000 : fraction)
    recordsDecoded += 1
    let frame = CapturedFrame(
      time: Timestamp(microsecondsSinceUnixEpoch: microseconds), linkType: header.linkType, interfaceID: 0,
      bytes: input.slice(from: PcapFormat.recordHeaderSize, to: recordSize),
      originalLength: Int(input.uint32(at: 12, bigEndian: big)),
      recordNumber: recordsDecoded, byteOffset: input.fileOffset)
    input.consume(recordSize)
    return frame
  }

  /// Declares the end of the input, after ``nextFrame()`` has returned `nil`.
  ///
  /// - Returns: A warning if the input ended inside a record; every record before it has been
  ///   returned by ``nextFrame()``.
  /// - Throws: ``PacketCaptureError/truncatedFileHeader(presentBytes:expectedBytes:)`` if the
  ///   input ended inside the file header, or the error an earlier call threw.
  public mutating func finish() throws(PacketCaptureError) -> PacketCaptureWarning? {
    guard let header = try readFileHeader() else {
      return try fail(
        .truncatedFileHeader(presentBytes: input.available, expectedBytes: PcapFormat.fileHeaderSize))
    }
    guard input.available > 0 else { return nil }
    var expected = PcapFormat.recordHeaderSize
    if let capturedLength = try pendingCapturedLength(header) {
      expected += capturedLength
      if input.available >= expected { return nil }
    }
    return .truncatedFinalRecord(
      recordNumber: recordsDecoded + 1, byteOffset: input.fileOffset, presentBytes: input.available,
      expectedBytes: expected)
  }

  /// The checked included length of the record at the read position, or `nil` if its header
  /// has not fully arrived.
  private mutating func pendingCapturedLength(_ header: FileHeader) throws(PacketCaptureError) -> Int? {
    guard input.available >= PcapFormat.recordHeaderSize else { return nil }
    let included = input.uint32(at: 8, bigEndian: header.isBigEndian)
    guard included <= PcapFormat.maximumCapturedLength else {
      return try fail(
        .corruptRecord(
          recordNumber: recordsDecoded + 1, byteOffset: input.fileOffset, reason: .capturedLengthTooLarge(included)))
    }
    return Int(included)
  }

  /// Records the error so that later calls throw it too, and throws it.
  private mutating func fail<T>(_ error: PacketCaptureError) throws(PacketCaptureError) -> T {
    failure = error
    throw error
  }
}
