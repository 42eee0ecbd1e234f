/// Splits an H4 byte stream (the UART transport, Core spec Vol 4, Part A, 2) into
/// ``HCIPacket``s, however the bytes arrive: append what each read returns, then take
/// packets with ``nextPacket()`` until it returns `nil`.
///
/// Each packet is a packet indicator byte followed by the packet's header and payload:
///
/// | Indicator | Packet  | Header                                   |
/// |-----------|---------|------------------------------------------|
/// | 0x01      | command | opcode (2), parameter length (1)         |
/// | 0x02      | ACL     | handle and flags (2), data length (2, LE) |
/// | 0x03      | SCO     | handle and flags (2), data length (1)    |
/// | 0x04      | event   | event code (1), parameter length (1)     |
/// | 0x05      | ISO     | handle and flags (2), length (14 bits, LE) |
///
/// Memory stays bounded: a packet longer than ``maximumPacketLength`` is a
/// ``H4FramingError/packetTooLong(_:length:maximum:offset:)`` rather than a wait for bytes
/// that a stream out of step would never send, and consumed bytes are dropped.
public struct H4StreamDecoder: Sendable {
  /// The longest packet accepted by default, header included and indicator not: larger than
  /// any event (2 + 255), than the ACL buffers controllers announce (LE: 27 to 251 bytes;
  /// BR/EDR: up to 1021), and than most ISO buffers.
  public static let defaultMaximumPacketLength = 8192

  /// The direction given to every decoded packet.
  public let direction: HCIPacketDirection
  /// The longest packet accepted, header included and indicator not.
  public let maximumPacketLength: Int

  private var buffer: [UInt8] = []
  /// The index in ``buffer`` of the next packet's indicator.
  private var readIndex = 0
  /// The stream offset of `buffer[0]`.
  private var bufferOffset = 0
  private var failure: H4FramingError?

  /// - Parameters:
  ///   - direction: the direction of the packets read; a host reads what the controller sends.
  ///   - maximumPacketLength: the longest packet accepted, header included (at least 4).
  public init(
    direction: HCIPacketDirection = .controllerToHost, maximumPacketLength: Int = Self.defaultMaximumPacketLength
  ) {
    self.direction = direction
    self.maximumPacketLength = max(maximumPacketLength, 4)
  }

  /// How many bytes have been appended and not yet returned as packets.
  public var bufferedByteCount: Int { buffer.count - readIndex }

  /// The stream offset of the next byte ``nextPacket()`` will look at.
  public var streamOffset: Int { bufferOffset + readIndex }

  /// Up to `limit` of the bytes not yet returned as packets, from ``streamOffset``: after a
  /// ``H4FramingError``, what the other side sent instead of H4 (a text protocol's greeting,
  /// say), for a message to show.
  public func unreadBytes(limit: Int) -> ArraySlice<UInt8> {
    buffer[readIndex..<min(buffer.count, readIndex + max(0, limit))]
  }

  /// Adds bytes read from the stream.
  public mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
    compactIfWorthIt()
    buffer.append(contentsOf: bytes)
  }

  /// The next complete packet, or `nil` when more bytes are needed.
  ///
  /// - Throws: ``H4FramingError`` when the stream is out of step; every later call throws
  ///   the same error.
  public mutating func nextPacket() throws(H4FramingError) -> HCIPacket? {
    if let failure { throw failure }
    let available = buffer.count - readIndex
    guard available > 0 else { return nil }
    let type = HCIPacketType(rawValue: buffer[readIndex])
    guard let layout = HCIPacketHeaderLayout(type) else {
      return try fail(.unknownPacketIndicator(type.rawValue, offset: streamOffset))
    }
    guard available >= 1 + layout.headerLength else { return nil }
    let payloadLength = layout.declaredPayloadLength(in: buffer, headerAt: readIndex + 1)
    let packetLength = layout.headerLength + payloadLength
    guard packetLength <= maximumPacketLength else {
      return try fail(
        .packetTooLong(type, length: packetLength, maximum: maximumPacketLength, offset: streamOffset))
    }
    guard available >= 1 + packetLength else { return nil }
    let start = readIndex + 1
    let bytes = Array(buffer[start..<(start + packetLength)])
    readIndex = start + packetLength
    return HCIPacket(type: type, direction: direction, bytes: bytes[...])
  }

  private mutating func fail(_ error: H4FramingError) throws(H4FramingError) -> HCIPacket? {
    failure = error
    throw error
  }

  /// Drops consumed bytes once they are the larger part of the buffer, so that appends stay
  /// amortised O(n) and the buffer never holds more than one partial packet plus one append.
  private mutating func compactIfWorthIt() {
    guard readIndex > 0, readIndex * 2 >= buffer.count else { return }
    buffer.removeSubrange(0..<readIndex)
    bufferOffset += readIndex
    readIndex = 0
  }
}
