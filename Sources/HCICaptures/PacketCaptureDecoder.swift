/// Reads a pcap or a pcapng capture incrementally, telling which from its first four bytes;
/// the same calls as ``PcapDecoder`` and ``PcapngDecoder``.
///
/// ```swift
/// var decoder = PacketCaptureDecoder()
/// for chunk in chunks {
///   decoder.append(chunk)
///   while let frame = try decoder.nextFrame() {
///     if case .packet(let packet) = try frame.translated() { handle(packet, frame.time) }
///   }
/// }
/// if let warning = try decoder.finish() { report(warning) }
/// ```
public struct PacketCaptureDecoder: Sendable {
  /// Bytes received before the format is known.
  private var pending: [UInt8] = []
  private var pcap: PcapDecoder?
  private var pcapng: PcapngDecoder?
  private var failure: PacketCaptureError?

  public init() {}

  /// ``CaptureFileFormat/pcap`` or ``CaptureFileFormat/pcapng`` once the first four bytes have
  /// told which, `nil` before.
  public var format: CaptureFileFormat? {
    if pcap != nil { return .pcap }
    if pcapng != nil { return .pcapng }
    return nil
  }

  /// Adds the next bytes of the capture.
  public mutating func append(_ bytes: some Collection<UInt8>) {
    if pcap != nil {
      pcap?.append(bytes)
    } else if pcapng != nil {
      pcapng?.append(bytes)
    } else if failure == nil {
      pending.append(contentsOf: bytes)
      determineFormat(atEnd: false)
    }
  }

  /// Lets `read` write the next bytes of the capture, up to `maximumCount`, straight into the
  /// buffer of the format's decoder once the format is known (into a small pending buffer
  /// before); returns how many it wrote (`0...maximumCount`).
  public mutating func append<Failure: Error>(
    upTo maximumCount: Int, from read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
  ) throws(Failure) -> Int {
    if pcap != nil {
      return try pcap?.append(upTo: maximumCount, from: read) ?? 0
    }
    if pcapng != nil {
      return try pcapng?.append(upTo: maximumCount, from: read) ?? 0
    }
    var first = [UInt8](repeating: 0, count: maximumCount)
    let result = first.withUnsafeMutableBytes { room in Result { () throws(Failure) in try read(room) } }
    let count = try result.get()
    append(first.prefix(count))
    return count
  }

  /// The next whole frame, or `nil` if more bytes are needed.
  public mutating func nextFrame() throws(PacketCaptureError) -> CapturedFrame? {
    if let failure { throw failure }
    if pcap != nil { return try pcap?.nextFrame() }
    if pcapng != nil { return try pcapng?.nextFrame() }
    return nil
  }

  /// Declares the end of the input, after ``nextFrame()`` has returned `nil`.
  ///
  /// - Returns: A warning if the input ended inside a record or block.
  /// - Throws: ``PacketCaptureError/truncatedFileHeader(presentBytes:expectedBytes:)`` if the
  ///   input ended before the file header was complete,
  ///   ``PacketCaptureError/notPacketCapture(found:format:)`` if it is not pcap or pcapng, or
  ///   the error an earlier call threw.
  public mutating func finish() throws(PacketCaptureError) -> PacketCaptureWarning? {
    determineFormat(atEnd: true)
    if let failure { throw failure }
    if pcap != nil { return try pcap?.finish() }
    return try pcapng?.finish()
  }

  private mutating func determineFormat(atEnd: Bool) {
    guard pcap == nil, pcapng == nil, failure == nil else { return }
    guard pending.count >= 4 else {
      if atEnd { failure = .truncatedFileHeader(presentBytes: pending.count, expectedBytes: PcapFormat.fileHeaderSize) }
      return
    }
    switch CaptureFileFormat(leadingBytes: pending) {
    case .pcap:
      var decoder = PcapDecoder()
      decoder.append(pending)
      pcap = decoder
      pending = []
    case .pcapng:
      var decoder = PcapngDecoder()
      decoder.append(pending)
      pcapng = decoder
      pending = []
    case let other:
      // Wait for enough bytes to say what the file is, unless the input has ended.
      guard atEnd || pending.count >= CaptureFileFormat.identifyingByteCount else { return }
      failure = .notPacketCapture(found: Array(pending.prefix(CaptureFileFormat.identifyingByteCount)), format: other)
    }
  }
}
