import BluetoothTypes

/// Reads a pcapng capture incrementally: feed it bytes in chunks of any size with
/// ``append(_:)``, take frames with ``nextFrame()``, and call ``finish()`` when the input ends.
///
/// ```swift
/// var decoder = PcapngDecoder()
/// for chunk in chunks {
///   decoder.append(chunk)
///   while let frame = try decoder.nextFrame() { handle(frame) }
/// }
/// if let warning = try decoder.finish() { report(warning) }
/// ```
///
/// It reads Section Header Blocks in either byte order (and any number of sections, each
/// resetting the interfaces), Interface Description Blocks with their link type and the
/// `if_tsresol` and `if_tsoffset` options, and packets from Enhanced, Simple and (obsolete)
/// Packet Blocks. Other blocks (name resolution, statistics, secrets, custom) are skipped.
/// Frames are numbered from 1 across the whole file, as Wireshark numbers them.
///
/// The decoder keeps only bytes it has not consumed yet (about one block plus the last chunk).
/// After it throws, it throws the same error on every later call.
public struct PcapngDecoder: Sendable {
  private var input = CaptureInputBuffer()
  private var framesDecoded = 0
  private var failure: PacketCaptureError?
  /// Whether the current section's integers are big-endian; `nil` before the first section.
  private var sectionIsBigEndian: Bool?

  /// The interfaces the current section has declared so far, indexed by interface ID.
  public private(set) var interfaces: [PcapngInterface] = []

  /// How many Section Header Blocks have been read.
  public private(set) var sectionCount = 0

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

  /// The next whole frame, or `nil` if more bytes are needed.
  public mutating func nextFrame() throws(PacketCaptureError) -> CapturedFrame? {
    if let failure { throw failure }
    while let (type, length) = try pendingBlockHeader() {
      guard input.available >= length else { return nil }
      if let frame = try readBlock(type: type, length: length) { return frame }
    }
    return nil
  }

  /// Declares the end of the input, after ``nextFrame()`` has returned `nil`.
  ///
  /// - Returns: A warning if the input ended inside a block; every block before it has been
  ///   read.
  /// - Throws: ``PacketCaptureError/truncatedFileHeader(presentBytes:expectedBytes:)`` if the
  ///   input ended before the first Section Header Block was complete, or the error an
  ///   earlier call threw.
  public mutating func finish() throws(PacketCaptureError) -> PacketCaptureWarning? {
    if let failure { throw failure }
    let header = try pendingBlockHeader()
    guard sectionCount > 0 else {
      return try fail(
        .truncatedFileHeader(presentBytes: input.available, expectedBytes: header.map { Int($0.length) } ?? 28))
    }
    guard input.available > 0 else { return nil }
    let expected = header.map { Int($0.length) } ?? 8
    if input.available >= expected { return nil }
    return .truncatedFinalBlock(byteOffset: input.fileOffset, presentBytes: input.available, expectedBytes: expected)
  }

  /// The type and checked total length of the block at the read position, or `nil` if they
  /// have not arrived (for a Section Header Block: until its byte-order magic has).
  private mutating func pendingBlockHeader() throws(PacketCaptureError) -> (type: UInt32, length: Int)? {
    guard input.available >= 4 else {
      if sectionIsBigEndian == nil, input.available > 0, !Self.sectionHeaderPrefixMatches(input.prefix(4)) {
        return try fail(notPcapng())
      }
      return nil
    }
    let rawType = input.uint32(at: 0, bigEndian: true)
    let bigEndian: Bool
    if rawType == PcapngFormat.sectionHeaderBlockType {
      guard input.available >= 12 else { return nil }
      switch input.uint32(at: 8, bigEndian: true) {
      case PcapngFormat.byteOrderMagic: bigEndian = true
      case PcapngFormat.byteOrderMagic.byteSwapped: bigEndian = false
      case let magic:
        return try fail(
          .corruptBlock(blockType: rawType, byteOffset: input.fileOffset, reason: .invalidByteOrderMagic(magic)))
      }
    } else if let sectionIsBigEndian {
      bigEndian = sectionIsBigEndian
    } else {
      return try fail(notPcapng())
    }
    guard input.available >= 8 else { return nil }
    let type = input.uint32(at: 0, bigEndian: bigEndian)
    let length = input.uint32(at: 4, bigEndian: bigEndian)
    guard length >= PcapngFormat.minimumBlockLength, length % 4 == 0, length <= PcapngFormat.maximumBlockLength else {
      return try fail(.corruptBlock(blockType: type, byteOffset: input.fileOffset, reason: .invalidBlockLength(length)))
    }
    return (type, Int(length))
  }

  /// Reads the whole block at the read position (all `length` bytes have arrived) and
  /// consumes it.
  ///
  /// - Returns: The frame it holds, or `nil` for a block that holds none.
  private mutating func readBlock(type: UInt32, length: Int) throws(PacketCaptureError) -> CapturedFrame? {
    let isSectionHeader = type == PcapngFormat.sectionHeaderBlockType
    let bigEndian: Bool
    if isSectionHeader {
      bigEndian = input.uint32(at: 8, bigEndian: true) == PcapngFormat.byteOrderMagic
    } else {
      bigEndian = sectionIsBigEndian ?? true
    }
    let trailing = input.uint32(at: length - 4, bigEndian: bigEndian)
    guard trailing == UInt32(length) else {
      return try fail(
        .corruptBlock(
          blockType: type, byteOffset: input.fileOffset,
          reason: .blockLengthMismatch(leading: UInt32(length), trailing: trailing)))
    }
    let block = Block(input: input, type: type, length: length, bigEndian: bigEndian)
    defer { input.consume(length) }
    switch type {
    case PcapngFormat.sectionHeaderBlockType:
      try block.require(bodyLength: 16)
      let major = block.uint16(at: 4)
      guard major == PcapngFormat.majorVersion else {
        return try fail(
          .unsupportedVersion(major: major, minor: block.uint16(at: 6), byteOffset: block.fileOffset + 12))
      }
      sectionIsBigEndian = bigEndian
      sectionCount += 1
      interfaces = []
      return nil
    case PcapngFormat.interfaceDescriptionBlockType:
      interfaces.append(try block.interfaceDescription())
      return nil
    case PcapngFormat.enhancedPacketBlockType, PcapngFormat.packetBlockType:
      let isEnhanced = type == PcapngFormat.enhancedPacketBlockType
      try block.require(bodyLength: 20)
      let interfaceID = isEnhanced ? block.uint32(at: 0) : UInt32(block.uint16(at: 0))
      let interface = try interface(interfaceID, in: block)
      let timestamp = UInt64(block.uint32(at: 4)) << 32 | UInt64(block.uint32(at: 8))
      let captured = block.uint32(at: 12)
      guard Int(captured) <= block.bodyLength - 20 else {
        return try fail(
          block.corrupt(.capturedLengthExceedsBlock(captured: captured, available: block.bodyLength - 20)))
      }
      return frame(
        block, interfaceID: Int(interfaceID), interface: interface, time: interface.captureTime(timestamp: timestamp),
        dataOffset: 20, capturedLength: Int(captured), originalLength: Int(block.uint32(at: 16)))
    case PcapngFormat.simplePacketBlockType:
      try block.require(bodyLength: 4)
      let interface = try interface(0, in: block)
      let original = Int(block.uint32(at: 0))
      var captured = min(original, block.bodyLength - 4)
      if interface.snapLength > 0 { captured = min(captured, Int(interface.snapLength)) }
      return frame(
        block, interfaceID: 0, interface: interface, time: nil, dataOffset: 4, capturedLength: captured,
        originalLength: original)
    default:
      return nil
    }
  }

  private mutating func frame(
    _ block: Block, interfaceID: Int, interface: PcapngInterface, time: Timestamp?, dataOffset: Int,
    capturedLength: Int, originalLength: Int
  ) -> CapturedFrame {
    framesDecoded += 1
    return CapturedFrame(
      time: time, linkType: interface.linkType, interfaceID: interfaceID,
      bytes: block.body(from: dataOffset, count: capturedLength), originalLength: originalLength,
      recordNumber: framesDecoded, byteOffset: block.fileOffset)
  }

  private mutating func interface(_ id: UInt32, in block: Block) throws(PacketCaptureError) -> PcapngInterface {
    guard id < interfaces.count else {
      return try fail(block.corrupt(.unknownInterface(id: id, interfaceCount: interfaces.count)))
    }
    return interfaces[Int(id)]
  }

  private func notPcapng() -> PacketCaptureError {
    let found = input.prefix(CaptureFileFormat.identifyingByteCount)
    return .notPacketCapture(found: found, format: CaptureFileFormat(leadingBytes: found))
  }

  private static func sectionHeaderPrefixMatches(_ bytes: [UInt8]) -> Bool {
    [0x0A, 0x0D, 0x0D, 0x0A].starts(with: bytes)
  }

  /// Records the error so that later calls throw it too, and throws it.
  private mutating func fail<T>(_ error: PacketCaptureError) throws(PacketCaptureError) -> T {
    failure = error
    throw error
  }
}

extension PcapngDecoder {
  /// A whole block at the read position of the input, read in its section's byte order.
  /// Offsets are relative to the start of the body (after type and total length).
  fileprivate struct Block {
    let input: CaptureInputBuffer
    let type: UInt32
    let length: Int
    let bigEndian: Bool

    var bodyLength: Int { length - PcapngFormat.minimumBlockLength }
    var fileOffset: Int { input.fileOffset }

    func uint16(at offset: Int) -> UInt16 { input.uint16(at: 8 + offset, bigEndian: bigEndian) }
    func uint32(at offset: Int) -> UInt32 { input.uint32(at: 8 + offset, bigEndian: bigEndian) }
    func body(from offset: Int, count: Int) -> ArraySlice<UInt8> {
      input.slice(from: 8 + offset, to: 8 + offset + count)
    }

    func corrupt(_ reason: PacketCaptureError.CorruptionReason) -> PacketCaptureError {
      .corruptBlock(blockType: type, byteOffset: fileOffset, reason: reason)
    }

    func require(bodyLength needed: Int) throws(PacketCaptureError) {
      guard bodyLength >= needed else { throw corrupt(.blockTooShort(bodyLength: bodyLength, needed: needed)) }
    }

    /// The interface an Interface Description Block declares.
    func interfaceDescription() throws(PacketCaptureError) -> PcapngInterface {
      try require(bodyLength: 8)
      var interface = PcapngInterface(
        linkType: PcapLinkType(rawValue: UInt32(uint16(at: 0))), snapLength: uint32(at: 4))
      var offset = 8
      while offset + 4 <= bodyLength {
        let code = uint16(at: offset)
        let valueLength = Int(uint16(at: offset + 2))
        if code == PcapngFormat.endOfOptionsCode { break }
        let valueStart = offset + 4
        guard valueStart + valueLength <= bodyLength else {
          throw corrupt(.optionOverrun(code: code, length: UInt16(valueLength)))
        }
        switch code {
        case PcapngFormat.timestampResolutionOptionCode where valueLength >= 1:
          interface.timestampResolution = input.bytes[input.readIndex + 8 + valueStart]
        case PcapngFormat.timestampOffsetOptionCode where valueLength >= 8:
          let high = UInt64(uint32(at: valueStart))
          let low = UInt64(uint32(at: valueStart + 4))
          interface.timestampOffsetSeconds = Int64(bitPattern: bigEndian ? high << 32 | low : low << 32 | high)
        default:
          break
        }
        offset = valueStart + (valueLength + 3) / 4 * 4
      }
      return interface
    }
  }
}
