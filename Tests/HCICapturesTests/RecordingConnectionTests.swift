import BeaconTestSupport
import BluetoothTypes
import HCICaptures
import HCICodec
import HCITransportCore
import Testing

/// What passes through a recording connection is in the capture, in order and both ways.
@Suite struct RecordingConnectionTests {
  /// What a connection of another kind warns of at its end.
  struct LoopbackWarning: TransportWarning {
    var description: String { "the loop was cut" }
  }

  final class Loopback: HCIConnection {
    var name: String { "loopback" }
    var endWarnings: [any TransportWarning] = []
    var sent: [HCIPacket] = []
    var toReceive: [HCIPacket]
    init(toReceive: [HCIPacket]) { self.toReceive = toReceive }
    func send(_ packet: HCIPacket) throws(HCIConnectionError) { sent.append(packet) }
    func receive(timeout: Duration) throws(HCIConnectionError) -> TimedHCIPacket? {
      toReceive.isEmpty ? nil : TimedHCIPacket(time: WallClock.now(), packet: toReceive.removeFirst())
    }
    func close() {}
  }

  @Test func everyPacketIsRecordedAsItPasses() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("live.btsnoop")
    let inner = Loopback(toReceive: [SamplePackets.setScanEnableComplete, SamplePackets.advertisingReport])
    let connection = RecordingConnection(
      inner, writer: try CaptureWriter(path: path, startTime: WallClock.now()))
    try connection.send(SamplePackets.setScanEnable)
    #expect(try connection.receive(timeout: .zero)?.packet == SamplePackets.setScanEnableComplete)
    // Readable before the connection is closed: nothing waits in a buffer.
    let midway = try CaptureReplayConnection(path: path)
    var count = 0
    while try midway.nextPacket() != nil { count += 1 }
    #expect(count == 2)
    #expect(try connection.receive(timeout: .zero)?.packet == SamplePackets.advertisingReport)
    #expect(try connection.receive(timeout: .zero) == nil)
    // A live link, as the connection it records.
    #expect(connection.pacing == .live)
    #expect(connection.endWarnings.isEmpty)
    // What the recorded connection warns of at its end, the recording says too.
    inner.endWarnings = [LoopbackWarning()]
    #expect(connection.endWarnings.map(\.description) == ["the loop was cut"])
    connection.close()

    let source = try CaptureReplayConnection(path: path)
    var packets: [HCIPacket] = []
    while let timed = try source.nextPacket() { packets.append(timed.packet) }
    #expect(
      packets == [SamplePackets.setScanEnable, SamplePackets.setScanEnableComplete, SamplePackets.advertisingReport])
    _ = midway
  }
}
