import BeaconTestSupport
import Foundation
import HCICaptures
import HCICodec
import POSIXSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The file a ``CaptureWriter`` writes: opened so that it never follows a link or writes to
/// what is not a regular file (whatever is put at the path after the command line was
/// checked), and removed after a run that recorded nothing only if it made it.
@Suite struct CaptureWriterFileTests {
  static let previous = Array("yesterday's capture, which must survive".utf8)

  @Test func aLinkIsNeverFollowed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let target = try directory.write(Self.previous, to: "target.btsnoop")
    let link = directory.path("link.btsnoop")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let error = try #require(throws: CaptureFileError.self) {
      try CaptureWriter(path: link, startTime: SamplePackets.start)
    }
    #expect(error.reason == .output(OutputFileProblem(path: link, reason: .notARegularFile(.symbolicLink))))
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: target))) == Self.previous)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
  }

  /// A FIFO is refused whether or not something reads it: never blocked on, never written.
  @Test func aFIFOIsRefusedAndItsReaderGetsNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fifo = directory.path("capture.fifo")
    #expect(mkfifo(fifo, 0o644) == 0)
    let refusal = CaptureFileError.Reason.output(OutputFileProblem(path: fifo, reason: .notARegularFile(.fifo)))
    let alone = try #require(throws: CaptureFileError.self) {
      try CaptureWriter(path: fifo, startTime: SamplePackets.start)
    }
    #expect(alone.reason == refusal)
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    defer { close(reader) }
    let read = try #require(throws: CaptureFileError.self) {
      try CaptureWriter(path: fifo, startTime: SamplePackets.start)
    }
    #expect(read.reason == refusal)
    var byte: UInt8 = 0
    #expect(Glibc.read(reader, &byte, 1) <= 0)
  }

  @Test func aWriterThatRecordedNothingRemovesOnlyTheFileItMade() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let made = directory.path("new.btsnoop")
    try CaptureWriter(path: made, startTime: SamplePackets.start).closeDiscardingIfEmpty()
    #expect(!FileManager.default.fileExists(atPath: made))

    let existing = try directory.write(Self.previous, to: "existing.btsnoop")
    try CaptureWriter(path: existing, startTime: SamplePackets.start).closeDiscardingIfEmpty()
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: existing))) == Self.previous, "untouched")

    // A file put in place of the one it made is someone else's.
    let writer = try CaptureWriter(path: made, startTime: SamplePackets.start)
    let other = try directory.write(Self.previous, to: "other.btsnoop")
    #expect(rename(other, made) == 0)
    writer.closeDiscardingIfEmpty()
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: made))) == Self.previous)
  }

  /// An existing file is truncated when the first packet is recorded, not before.
  @Test func anExistingFileBecomesTheCaptureAtTheFirstPacket() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(Array(repeating: 0x55, count: 4096), to: "existing.btsnoop")
    let writer = try CaptureWriter(path: path, startTime: SamplePackets.start)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == 4096)
    try writer.record(SamplePackets.setScanEnable, at: SamplePackets.start)
    writer.close()
    let source = try CaptureReplayConnection(path: path)
    #expect(try source.nextPacket()?.packet == SamplePackets.setScanEnable)
    #expect(try source.nextPacket() == nil)
  }
}
