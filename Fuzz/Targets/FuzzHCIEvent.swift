import BeaconScanning
import BluetoothTypes
import HCICodec
import HCITransportCore

/// HCI events, as a controller sends them (event code, length, parameters): the event decoder
/// and the in-place report reader of the scanning hot path, which must agree (a disagreement
/// traps), then the whole scanning pipeline (extended-data reassembly, beacon frames, filters)
/// on the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHCIEvent(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  checkInPlaceReaderAgrees(bytes)
  var scanner = BeaconScanner()
  // The input may hold several events back to back (each length-prefixed), so that
  // fragments of extended advertising data meet in the reassembler.
  var offset = 0
  var packetNumber = 0
  while offset + 2 <= bytes.count {
    let end = min(bytes.count, offset + 2 + Int(bytes[offset + 1]))
    let packet = HCIPacket(type: .event, direction: .controllerToHost, bytes: bytes[offset..<end])
    let timed = TimedHCIPacket(
      time: Timestamp(microsecondsSinceUnixEpoch: Int64(packetNumber) * 1000), packet: packet,
      origin: PacketOrigin(recordNumber: packetNumber, byteOffset: offset))
    scanner.process(timed, sighting: { _ = $0.frame.identity }, problem: { _ = $0.description })
    offset = end
    packetNumber += 1
  }
  return 0
}

/// Traps unless ``AdvertisingReportEvent`` reads the same reports, problem and error from
/// `packet` as ``HCIEvent`` does.
func checkInPlaceReaderAgrees(_ packet: [UInt8]) {
  var inPlace: [(AdvertisingReportHeader, [UInt8])] = []
  let inPlaceResult = Result { () throws(ByteDecodingError) in
    try AdvertisingReportEvent.forEachReport(inPacket: packet.span) { header, data in
      inPlace.append((header, (0..<data.count).map { data[$0] }))
    }
  }
  let decoded = Result { () throws(ByteDecodingError) in try HCIEvent(decoding: packet) }
  switch (decoded, inPlaceResult) {
  case (.success(.leMeta(.advertisingReport(let event))), .success(let outcome?)):
    precondition(outcome.problem == event.problem && outcome.missingReportCount == event.missingReportCount)
    precondition(inPlace.map { LEAdvertisingReport.Report(header: $0.0, data: $0.1[...]) } == event.reports)
  case (.success(.leMeta(.extendedAdvertisingReport(let event))), .success(let outcome?)):
    precondition(outcome.problem == event.problem && outcome.missingReportCount == event.missingReportCount)
    precondition(inPlace.map { LEExtendedAdvertisingReport.Report(header: $0.0, data: $0.1[...]) } == event.reports)
  case (.success, .success(nil)), (.failure, .success(nil)):
    precondition(AdvertisingReportEvent.format(ofPacket: packet.span) == nil)
  case (.failure(let expected), .failure(let actual)):
    precondition(expected == actual)
  default:
    preconditionFailure("the in-place reader and the event decoder disagree")
  }
}
