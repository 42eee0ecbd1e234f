import BeaconTestSupport
import Foundation
import HCICaptures
import HCICodec
import HCITransportCore
import POSIXSupport
import Testing

@Suite("CaptureWriter and CaptureReplayConnection")
struct CaptureReplayConnectionTests {
  private func record(_ datalink: BTSnoopDatalink, in directory: TemporaryDirectory) throws -> String {
    let path = directory.path("capture-\(datalink.rawValue).btsnoop")
    let writer = try CaptureWriter(path: path, datalink: datalink, startTime: SamplePackets.start)
    for (index, packet) in SamplePackets.all.enumerated() {
      try writer.record(packet, at: SamplePackets.time(index))
    }
    #expect(writer.packetCount == 4)
    writer.close()
    return path
  }

  private func replayAll(_ source: CaptureReplayConnection) throws -> [TimedHCIPacket] {
    var packets: [TimedHCIPacket] = []
    while let packet = try source.nextPacket() { packets.append(packet) }
    #expect(try source.nextPacket() == nil, "stays at the end")
    return packets
  }

  @Test(arguments: [BTSnoopDatalink.linuxMonitor, .h4, .hci])
  func recordedPacketsReplayIdentically(datalink: BTSnoopDatalink) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try record(datalink, in: directory)
    // Small chunks, so that records straddle reads.
    let source = try CaptureReplayConnection(path: path, chunkSize: 7)
    #expect(source.datalink == datalink)
    let packets = try replayAll(source)
    #expect(packets.map(\.packet) == SamplePackets.all)
    #expect(packets.map(\.time) == SamplePackets.all.indices.map(SamplePackets.time))
    // 2001 files start with a New Index record (16 bytes of data) before the first packet.
    let firstRecord = datalink == .linuxMonitor ? 2 : 1
    let firstOffset = datalink == .linuxMonitor ? 16 + 24 + 16 : 16
    #expect(packets.first?.origin == PacketOrigin(recordNumber: firstRecord, byteOffset: firstOffset))
    #expect(source.warnings.isEmpty)
    #expect(source.recordCount == firstRecord + 3)
  }

  /// A read of a capture hands out packets in batches: as many as asked, fewer when the body
  /// says stop (the packet it stopped on counts), the rest at the next read, and the end of
  /// the stream only once nothing is left; the packets are those a packet-by-packet replay
  /// gives, whatever the chunk size.
  @Test(arguments: [7, 65_536])
  func batchesHandOutEveryPacketOnceAndStopWhereAsked(chunkSize: Int) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try record(.h4, in: directory)
    var handed: [TimedHCIPacket] = []
    let source = try CaptureReplayConnection(path: path, chunkSize: chunkSize)
    // Asked for 3, told to stop at the 2nd.
    #expect(
      try source.receivePackets(timeout: .zero, maximumCount: 3) { packet in
        handed.append(packet)
        return handed.count < 2
      } == 2)
    #expect(
      try source.receivePackets(timeout: .zero, maximumCount: 10) { packet in
        handed.append(packet)
        return true
      } == 2)
    #expect(throws: HCIConnectionError.endOfStream) {
      try source.receivePackets(timeout: .zero, maximumCount: 10) { _ in true }
    }
    #expect(handed == (try replayAll(CaptureReplayConnection(path: path))))
    #expect(handed.map(\.packet) == SamplePackets.all)
  }

  @Test func truncatedFinalRecordIsAWarningAfterEveryEarlierPacket() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try record(.h4, in: directory)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let cut = try directory.write(Array(bytes.dropLast(4)), to: "cut.log")
    let source = try CaptureReplayConnection(path: cut)
    let packets = try replayAll(source)
    #expect(packets.map(\.packet) == Array(SamplePackets.all.prefix(3)))
    let lastOffset = try #require(packets.last?.origin?.byteOffset)
    let finalOffset = lastOffset + 24 + 1 + SamplePackets.advertisingReport.bytes.count
    #expect(
      source.warnings == [
        .btsnoop(
          .truncatedFinalRecord(recordNumber: 4, byteOffset: finalOffset, presentBytes: 24 + 13 - 4, expectedBytes: 37))
      ])
    // What a scan loop is told of the connection, without knowing it is a replay; and so through a recording of it.
    #expect(source.pacing == .recorded)
    #expect(source.endWarnings.map(\.description) == source.warnings.map(\.description))
    #expect(source.selfScanDescription == nil)
    let recording = RecordingConnection(
      source, writer: try CaptureWriter(path: directory.path("again.btsnoop"), startTime: WallClock.now()))
    defer { recording.close() }
    #expect(recording.pacing == .recorded)
    #expect(recording.endWarnings.map(\.description) == source.warnings.map(\.description))
  }

  @Test func corruptRecordNamesFileAndOffset() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var bytes = BTSnoopEncoder(datalink: .h4).fileHeader()
    try BTSnoopEncoder(datalink: .h4).appendRecord(
      for: SamplePackets.setScanEnable, at: SamplePackets.start, to: &bytes)
    let corruptOffset = bytes.count
    // Record 2: included length 0x0100_0000, far beyond any HCI packet.
    bytes += [0, 0, 0, 1, 1, 0, 0, 0] + [UInt8](repeating: 0, count: 16)
    let path = try directory.write(bytes, to: "corrupt.log")
    let source = try CaptureReplayConnection(path: path)
    #expect(try source.nextPacket()?.packet == SamplePackets.setScanEnable)
    let error = try #require(throws: CaptureFileError.self) { try source.nextPacket() }
    #expect(
      error.reason
        == .format(
          .corruptRecord(recordNumber: 2, byteOffset: corruptOffset, reason: .includedLengthTooLarge(0x0100_0000))))
    #expect(
      error.description
        == "\(path): record 2 at byte \(corruptOffset) is corrupt: included length 16777216 exceeds the maximum 65600."
        + " The file is damaged from this byte on; the records before it are intact.")
  }

  @Test func notACaptureSaysWhatItLooksLikeAndWhatToDo() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(Array("hello, world\n".utf8), to: "notes.txt")
    let error = try #require(throws: CaptureFileError.self) { try CaptureReplayConnection(path: path) }
    #expect(
      error.description
        == "\(path): not a capture this tool reads (byte 0: 68 65 6C 6C 6F 2C 20 77; it looks like a text file"
        + " (a capture must be the binary file, not a text export)). It reads btsnoop files (`btmon -w FILE`,"
        + " Android's HCI snoop log) and pcap/pcapng files (Wireshark, Bluetooth LE sniffers).")
  }

  @Test func emptyFileSaysSo() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write([], to: "empty.btsnoop")
    let error = try #require(throws: CaptureFileError.self) { try CaptureReplayConnection(path: path) }
    #expect(error.reason == .unrecognizedFormat(leadingBytes: [], looksLike: "an empty file"))
    #expect(error.description.hasPrefix("\(path): not a capture this tool reads (the file is empty)."))
  }

  @Test func partialBTSnoopHeaderIsTruncated() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(Array("btsnoop".utf8) + [0, 0, 0, 0, 1], to: "cut.btsnoop")
    let error = try #require(throws: CaptureFileError.self) { try CaptureReplayConnection(path: path) }
    #expect(error.reason == .format(.truncatedHeader(presentBytes: 12)))
  }

  @Test func missingFileAndDirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let missing = directory.path("absent.btsnoop")
    let missingError = try #require(throws: CaptureFileError.self) { try CaptureReplayConnection(path: missing) }
    #expect(missingError == CaptureFileError(path: missing, reason: .fileNotFound))
    #expect(missingError.description.hasPrefix("\(missing): no such file."))
    let directoryError = try #require(throws: CaptureFileError.self) {
      try CaptureReplayConnection(path: directory.url.path)
    }
    #expect(directoryError == CaptureFileError(path: directory.url.path, reason: .isADirectory))
  }

  @Test(.enabled(if: getuid() != 0, "root reads any file"))
  func unreadableFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(BTSnoopEncoder().fileHeader(), to: "private.btsnoop")
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
    let error = try #require(throws: CaptureFileError.self) { try CaptureReplayConnection(path: path) }
    #expect(error.reason == .permissionDenied)
  }

  @Test func writerRejectsAPacketItsDatalinkCannotHold() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("hci.btsnoop")
    let writer = try CaptureWriter(path: path, datalink: .hci, startTime: SamplePackets.start)
    let sco = HCIPacket(type: .synchronousData, direction: .hostToController, bytes: [0x01, 0x00, 0x00])
    let error = try #require(throws: CaptureFileError.self) { try writer.record(sco, at: SamplePackets.start) }
    #expect(error.reason == .encoding(.packetTypeNotRepresentable(.synchronousData, datalink: .hci)))
    #expect(writer.packetCount == 0)
  }

  @Test func writerCannotCreateAFileInAMissingDirectory() throws {
    let folder = "/nonexistent-\(UUID().uuidString)"
    let path = folder + "/capture.btsnoop"
    let error = try #require(throws: CaptureFileError.self) {
      try CaptureWriter(path: path, startTime: SamplePackets.start)
    }
    #expect(error.reason == .output(OutputFileProblem(path: path, reason: .folder(folder, .noSuchFileOrDirectory))))
  }
}
