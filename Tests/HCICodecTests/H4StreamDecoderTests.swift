import HCICodec
import Testing

/// The H4 framer, fed as the NIO decoder verifier feeds a decoder: the same stream whole, at
/// seeded random cuts, and one byte at a time must give the same packets and the same outcome.
@Suite("H4StreamDecoder")
struct H4StreamDecoderTests {
  /// Reset (command), Command Complete for it, an ACL packet, a SCO packet, an ISO packet
  /// whose length word carries flag bits above bit 13, and an LE Advertising Report.
  static let stream: [UInt8] =
    [0x01, 0x03, 0x0C, 0x00]
    + [0x04, 0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00]
    + [0x02, 0x40, 0x20, 0x03, 0x00, 0xAA, 0xBB, 0xCC]
    + [0x03, 0x01, 0x00, 0x02, 0x10, 0x20]
    + [0x05, 0x60, 0x00, 0x02, 0xC0, 0x11, 0x22]
    + [0x04, 0x3E, 0x0C, 0x02, 0x01, 0x03, 0x01, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x00, 0xC5]

  static let withGarbage: [UInt8] = Array(stream.prefix(11)) + [0x07, 0x00] + Array(stream.dropFirst(11))

  static let expected: [(HCIPacketType, [UInt8])] = [
    (.command, [0x03, 0x0C, 0x00]),
    (.event, [0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00]),
    (.aclData, [0x40, 0x20, 0x03, 0x00, 0xAA, 0xBB, 0xCC]),
    (.synchronousData, [0x01, 0x00, 0x02, 0x10, 0x20]),
    (.isoData, [0x60, 0x00, 0x02, 0xC0, 0x11, 0x22]),
    (.event, [0x3E, 0x0C, 0x02, 0x01, 0x03, 0x01, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x00, 0xC5]),
  ]

  /// What decoding `bytes`, appended in pieces cut at `cuts`, gives: the packets and the error.
  struct Outcome: Equatable {
    var packets: [HCIPacket] = []
    var error: H4FramingError?
  }

  static func decode(
    _ bytes: [UInt8], splitAt cuts: [Int], maximumPacketLength: Int = H4StreamDecoder.defaultMaximumPacketLength
  ) -> Outcome {
    var decoder = H4StreamDecoder(maximumPacketLength: maximumPacketLength)
    var outcome = Outcome()
    var start = 0
    for end in cuts + [bytes.count] where end >= start {
      decoder.append(bytes[start..<end])
      start = end
      do {
        while let packet = try decoder.nextPacket() { outcome.packets.append(packet) }
      } catch {
        outcome.error = error
        return outcome
      }
    }
    return outcome
  }

  @Test func wholeStreamGivesEveryPacketInOrder() {
    let outcome = Self.decode(Self.stream, splitAt: [])
    #expect(outcome.error == nil)
    #expect(outcome.packets.map(\.type) == Self.expected.map(\.0))
    #expect(outcome.packets.map { Array($0.bytes) } == Self.expected.map(\.1))
    #expect(outcome.packets.allSatisfy { $0.direction == .controllerToHost })
  }

  @Test(arguments: [
    ("clean", H4StreamDecoderTests.stream),
    ("unknown indicator after two packets", H4StreamDecoderTests.withGarbage),
    ("half a packet at the end", Array(H4StreamDecoderTests.stream.dropLast(5))),
    (
      "too long",
      Array(H4StreamDecoderTests.stream.prefix(4)) + [0x02, 0x01, 0x00, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 40)
    ),
  ])
  func splitsDoNotChangeTheOutcome(name: String, bytes: [UInt8]) {
    let whole = Self.decode(bytes, splitAt: [], maximumPacketLength: 1024)
    #expect(!whole.packets.isEmpty, "\(name) decodes to packets")

    let byteByByte = Self.decode(bytes, splitAt: Array(0..<bytes.count), maximumPacketLength: 1024)
    #expect(byteByByte == whole, "\(name), one byte at a time")

    var generator = SplitMix64(seed: UInt64(bytes.count) &+ 0x4834)
    for _ in 0..<100 {
      let cutCount = Int(generator.next() % 10)
      let cuts = (0..<cutCount).map { _ in Int(generator.next() % UInt64(bytes.count + 1)) }.sorted()
      #expect(Self.decode(bytes, splitAt: cuts, maximumPacketLength: 1024) == whole, "\(name), cut at \(cuts)")
    }
  }

  @Test func unknownIndicatorNamesTheByteAndItsStreamOffset() {
    var bytes = Array(Self.stream.prefix(11))  // the command and the Command Complete
    bytes += [0x48, 0x43, 0x49]  // "HCI": text where a packet should start
    let outcome = Self.decode(bytes, splitAt: [3, 9])
    #expect(outcome.packets.count == 2)
    #expect(outcome.error == .unknownPacketIndicator(0x48, offset: 11))
    #expect(outcome.error?.description.contains("0x48 at stream offset 11") == true)
    #expect(outcome.error?.description.contains("out of step") == true)
  }

  @Test func errorIsStickyAndLaterBytesDoNotResynchronise() {
    var decoder = H4StreamDecoder()
    decoder.append([0x00])
    #expect(throws: H4FramingError.unknownPacketIndicator(0x00, offset: 0)) { try decoder.nextPacket() }
    decoder.append(Self.stream)
    #expect(throws: H4FramingError.unknownPacketIndicator(0x00, offset: 0)) { try decoder.nextPacket() }
  }

  @Test func halfAPacketThenNothingGivesNoPacket() throws {
    var decoder = H4StreamDecoder()
    decoder.append([0x04, 0x0E, 0x04, 0x01])  // a Command Complete missing 3 of its 4 parameter bytes
    #expect(try decoder.nextPacket() == nil)
    #expect(try decoder.nextPacket() == nil)
    #expect(decoder.bufferedByteCount == 4)
    decoder.append([0x03, 0x0C])
    #expect(try decoder.nextPacket() == nil)
    decoder.append([0x00])
    let packet = try #require(try decoder.nextPacket())
    #expect(Array(packet.bytes) == [0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00])
    #expect(decoder.bufferedByteCount == 0)
    #expect(decoder.streamOffset == 7)
  }

  @Test func onlyAnIndicatorOrAPartialHeaderWaits() throws {
    for partial: [UInt8] in [[0x01], [0x01, 0x03], [0x02, 0x00, 0x00, 0x10], [0x05, 0x00], [0x04]] {
      var decoder = H4StreamDecoder()
      decoder.append(partial)
      #expect(try decoder.nextPacket() == nil, "\(partial)")
    }
  }

  @Test func emptyPayloadsAreWholePackets() throws {
    var decoder = H4StreamDecoder()
    decoder.append([0x04, 0xFF, 0x00, 0x02, 0x01, 0x00, 0x00, 0x00])
    let event = try #require(try decoder.nextPacket())
    #expect(event.type == .event && Array(event.bytes) == [0xFF, 0x00])
    let acl = try #require(try decoder.nextPacket())
    #expect(acl.type == .aclData && Array(acl.bytes) == [0x01, 0x00, 0x00, 0x00])
    #expect(try decoder.nextPacket() == nil)
  }

  @Test func absurdLengthsAreRefusedBeforeTheirBytesArrive() throws {
    // An ACL header declaring 65535 bytes: by default more than any controller sends.
    var decoder = H4StreamDecoder()
    decoder.append([0x04, 0x0F, 0x04, 0x00, 0x01, 0x03, 0x0C])  // Command Status
    decoder.append([0x02, 0x01, 0x20, 0xFF, 0xFF, 0x00])
    #expect(try decoder.nextPacket()?.type == .event)
    #expect(throws: H4FramingError.packetTooLong(.aclData, length: 4 + 65_535, maximum: 8192, offset: 7)) {
      try decoder.nextPacket()
    }
  }

  @Test func largestISOLengthIgnoresTheTopTwoBitsOfItsLengthWord() throws {
    var decoder = H4StreamDecoder(maximumPacketLength: 4 + 0x3FFF)
    let payload = [UInt8](repeating: 0x5A, count: 0x3FFF)
    decoder.append([0x05, 0x01, 0x00, 0xFF, 0xFF] + payload)
    let packet = try #require(try decoder.nextPacket())
    #expect(packet.type == .isoData)
    #expect(packet.bytes.count == 4 + 0x3FFF)
  }

  @Test func aLargeAllowedPacketWaitsForAllItsBytes() throws {
    var decoder = H4StreamDecoder(maximumPacketLength: 4 + 65_535)
    decoder.append([0x02, 0x01, 0x20, 0xFF, 0xFF])
    decoder.append([UInt8](repeating: 0xEE, count: 65_534))
    #expect(try decoder.nextPacket() == nil)
    decoder.append([0xEE])
    #expect(try decoder.nextPacket()?.bytes.count == 4 + 65_535)
  }

  @Test func bufferStaysBoundedOverALongStream() throws {
    var decoder = H4StreamDecoder()
    var count = 0
    for _ in 0..<2000 {
      decoder.append(Self.stream)
      while try decoder.nextPacket() != nil { count += 1 }
      #expect(decoder.bufferedByteCount == 0)
    }
    #expect(count == 2000 * Self.expected.count)
    #expect(decoder.streamOffset == 2000 * Self.stream.count)
  }

  @Test func encoderWritesWhatTheDecoderReads() throws {
    var decoder = H4StreamDecoder(direction: .hostToController)
    for (type, bytes) in Self.expected {
      let packet = HCIPacket(type: type, direction: .hostToController, bytes: bytes[...])
      let encoded = H4Encoder.encode(packet)
      #expect(encoded == [type.rawValue] + bytes)
      decoder.append(encoded)
      #expect(try decoder.nextPacket() == packet)
    }
  }
}
