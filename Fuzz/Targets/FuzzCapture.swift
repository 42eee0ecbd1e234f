import BluetoothTypes
import HCICaptures
import HCICodec

/// Capture files: the btsnoop reader (all three datalinks) and, when the bytes look like one,
/// the pcap/pcapng reader with link-layer frame translation. Fed in two parts split where the
/// first byte says, as a file read in chunks is.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCapture(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard count > 0 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  let split = min(bytes.count, 1 + Int(bytes[0]) * 4)
  let body = bytes[1...]
  switch CaptureFileFormat(leadingBytes: body) {
  case .pcap, .pcapng: readPacketCapture(body, split: split)
  default: readBTSnoop(body, split: split)
  }
  return 0
}

private func readBTSnoop(_ body: ArraySlice<UInt8>, split: Int) {
  var decoder = BTSnoopDecoder()
  decoder.append(body[..<max(body.startIndex, min(body.endIndex, split))])
  do {
    var datalink: BTSnoopDatalink?
    var appended = false
    while true {
      if datalink == nil { datalink = try decoder.readFileHeader() }
      if let datalink, let record = try decoder.nextRecord() {
        _ = try? record.capturedPacket(datalink: datalink)
        continue
      }
      if appended { break }
      decoder.append(body[max(body.startIndex, min(body.endIndex, split))...])
      appended = true
    }
    _ = try decoder.finish()
  } catch {
    _ = error.description
  }
}

private func readPacketCapture(_ body: ArraySlice<UInt8>, split: Int) {
  var decoder = PacketCaptureDecoder()
  decoder.append(body[..<max(body.startIndex, min(body.endIndex, split))])
  do {
    var appended = false
    while true {
      if let frame = try decoder.nextFrame() {
        _ = try? frame.translated()
        continue
      }
      if appended { break }
      decoder.append(body[max(body.startIndex, min(body.endIndex, split))...])
      appended = true
    }
    _ = try decoder.finish()
  } catch {
    _ = error.description
  }
}
