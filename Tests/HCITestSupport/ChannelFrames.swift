/// A datagram of the kernel's monitor or management channel as a test scripts it: code,
/// controller index and payload length (16 bits each, little-endian), then the payload.
package func channelDatagram(code: UInt16, index: UInt16, payload: some Collection<UInt8>) -> [UInt8] {
  let length = UInt16(payload.count)
  return [
    UInt8(code & 0xFF), UInt8(code >> 8), UInt8(index & 0xFF), UInt8(index >> 8), UInt8(length & 0xFF),
    UInt8(length >> 8),
  ] + payload
}
