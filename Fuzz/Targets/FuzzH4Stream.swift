import BluetoothTypes
import HCICodec

/// The H4 framer on a byte stream as a UART or TCP delivers it. The first byte chooses how the
/// rest is split into reads (whole, every byte, or chunks of 2…255), so that a packet torn
/// across reads is framed as one; after a framing error the decoder must keep failing the same
/// way rather than trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzH4Stream(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard count > 0 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  let chunk = max(1, Int(bytes[0]))
  var decoder = H4StreamDecoder(maximumPacketLength: 1024)
  var offset = 1
  var failed = false
  while offset < bytes.count {
    let end = min(bytes.count, offset + chunk)
    decoder.append(bytes[offset..<end])
    offset = end
    while !failed {
      do {
        guard let packet = try decoder.nextPacket() else { break }
        _ = try? HCIEvent(decoding: packet.bytes)
      } catch {
        failed = true
        _ = error.description
      }
    }
  }
  return 0
}
