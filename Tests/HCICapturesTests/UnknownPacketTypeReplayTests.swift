import BeaconTestSupport
import BluetoothTypes
import Foundation
import HCICaptures
import HCICodec
import Testing

/// A record with an H4 packet type nobody defines is skipped; the records after it still count.
@Suite struct UnknownPacketTypeReplayTests {
  @Test func vendorPacketTypeIsSkippedAndReported() throws {
    let encoder = BTSnoopEncoder(datalink: .h4)
    var bytes = encoder.fileHeader()
    bytes += try encoder.record(for: SamplePackets.setScanEnable, at: SamplePackets.time(0))
    let vendorOffset = bytes.count
    // Record header: original and included length 4, flags "received, command/event", no drops,
    // timestamp; then a packet whose H4 indicator is 0xFF.
    var vendor = ByteWriter()
    vendor.writeUInt32BE(4)
    vendor.writeUInt32BE(4)
    vendor.writeUInt32BE(3)
    vendor.writeUInt32BE(0)
    vendor.writeUInt64BE(UInt64(BTSnoopTimestamp(SamplePackets.time(1)).rawValue))
    vendor.write(contentsOf: [0xFF, 0x01, 0x02, 0x03])
    bytes += vendor.bytes
    bytes += try encoder.record(for: SamplePackets.advertisingReport, at: SamplePackets.time(2))

    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let source = try CaptureReplayConnection(path: try directory.write(bytes, to: "vendor.log"))
    var packets: [HCIPacket] = []
    while let timed = try source.nextPacket() { packets.append(timed.packet) }
    #expect(packets == [SamplePackets.setScanEnable, SamplePackets.advertisingReport])
    #expect(
      source.warnings == [
        .skippedRecords(count: 1, first: .unknownPacketType(0xFF, recordNumber: 2, byteOffset: vendorOffset))
      ])
    #expect(source.warnings.first?.description.hasPrefix("1 record(s) skipped, the first: record 2 at byte") == true)
  }
}
