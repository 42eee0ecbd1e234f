import BeaconDomain
import HCICodec

/// HCI events, as a controller sends them (event code, length, parameters): the event decoder,
/// then the whole scanning pipeline (extended-data reassembly, beacon frames, stations) on the
/// same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHCIEvent(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  _ = try? HCIEvent(decoding: bytes)
  var scanner = BeaconScanner()
  // The input may hold several events back to back (each length-prefixed), so that
  // fragments of extended advertising data meet in the reassembler.
  var offset = 0
  var packetNumber = 0
  while offset + 2 <= bytes.count {
    let end = min(bytes.count, offset + 2 + Int(bytes[offset + 1]))
    let packet = HCIPacket(type: .event, direction: .controllerToHost, bytes: bytes[offset..<end])
    let timed = TimedHCIPacket(
      time: CaptureTime(microsecondsSinceUnixEpoch: Int64(packetNumber) * 1000), packet: packet,
      origin: PacketOrigin(recordNumber: packetNumber, byteOffset: offset))
    scanner.process(timed, sighting: { _ = $0.frame.identity }, problem: { _ = $0.description })
    offset = end
    packetNumber += 1
  }
  return 0
}
