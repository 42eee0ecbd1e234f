/// The 24-bit CRC of Bluetooth LE link-layer packets (Core spec Vol 6, Part B, 3.1.1):
/// polynomial x^24 + x^10 + x^9 + x^6 + x^4 + x^3 + x + 1, computed over the PDU bits in air
/// order (each byte least significant bit first).
public enum LinkLayerCRC {
  /// CRCInit of every advertising-channel packet.
  public static let advertisingChannelInit: UInt32 = 0x55_5555

  /// The CRC of `pdu` (header and payload) as its three bytes appear on air and in captures,
  /// read as a little-endian number.
  ///
  /// The shift register holds position 0 in bit 23 here, so that shifting right moves bits
  /// towards position 23 and the result's least significant byte is the first one sent.
  public static func compute(_ pdu: some Sequence<UInt8>, initialValue: UInt32 = advertisingChannelInit) -> UInt32 {
    // The polynomial's terms x^0...x^23, with x^k at bit 23 - k.
    let feedbackTaps: UInt32 = 0xDA_6000
    var register = reversed24(initialValue)
    for byte in pdu {
      var bits = byte
      for _ in 0..<8 {
        let feedback = (register ^ UInt32(bits)) & 1
        register >>= 1
        bits >>= 1
        if feedback != 0 { register ^= feedbackTaps }
      }
    }
    return register
  }

  /// `value`'s low 24 bits in reverse order: CRCInit's most significant bit goes to position 0.
  private static func reversed24(_ value: UInt32) -> UInt32 {
    var result: UInt32 = 0
    for bit in 0..<24 where value & (1 << UInt32(bit)) != 0 {
      result |= 1 << UInt32(23 - bit)
    }
    return result
  }
}
