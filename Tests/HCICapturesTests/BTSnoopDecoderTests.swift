import HCICaptures
import HCICodec
import Testing

@Suite("BTSnoopDecoder")
struct BTSnoopDecoderTests {
  @Test func readsMonitorRecordsWithTheirHeaderFields() throws {
    let outcome = BTSnoopBytes.decode(BTSnoopBytes.monitorFile, splitAt: [])
    #expect(outcome.error == nil)
    #expect(outcome.warning == nil)
    let records = outcome.records
    #expect(records.map(\.recordNumber) == [1, 2, 3, 4, 5, 6])
    // 16-byte file header, then 24 + 16, 24 + 14, 24 + 3, 24 + 6, 24 + 8.
    #expect(records.map(\.byteOffset) == [16, 56, 94, 121, 151, 183])
    #expect(records[2].flags == 0x0001_0002)
    #expect(Array(records[2].data) == BTSnoopBytes.resetCommand)
    #expect(records[2].timestamp.rawValue == 0x00E2_F9AB_5E5B_3C34)
    #expect(records[5].cumulativeDrops == 2)
    #expect(records[5].originalLength == 8)
    #expect(!records[5].isTruncated)
  }

  @Test func reportsTheDatalink() throws {
    var decoder = BTSnoopDecoder()
    decoder.append(BTSnoopBytes.header(datalink: 1002).prefix(15))
    #expect(try decoder.readFileHeader() == nil)
    #expect(decoder.datalink == nil)
    decoder.append([0xEA])
    #expect(try decoder.readFileHeader() == .h4)
    #expect(try decoder.nextRecord() == nil)
  }

  @Test func recordShorterThanOriginalIsMarkedTruncated() throws {
    let bytes =
      BTSnoopBytes.header(datalink: 1002)
      + BTSnoopBytes.record(flags: 1, data: [0x02, 0x40, 0x20], originalLength: 300)
    let outcome = BTSnoopBytes.decode(bytes, splitAt: [])
    #expect(outcome.records.count == 1)
    #expect(outcome.records.first?.isTruncated == true)
    #expect(outcome.records.first?.originalLength == 300)
  }

  @Test func truncatedFinalRecordGivesAWarningAfterEveryEarlierRecord() {
    let whole = BTSnoopBytes.monitorFile
    // Cut the last record (24 + 8 bytes at offset 183) after 24 + 5 bytes.
    let outcome = BTSnoopBytes.decode(Array(whole.prefix(183 + 29)), splitAt: [])
    #expect(outcome.error == nil)
    #expect(outcome.records.count == 5)
    #expect(
      outcome.warning == .truncatedFinalRecord(recordNumber: 6, byteOffset: 183, presentBytes: 29, expectedBytes: 32))
  }

  @Test func finalRecordCutInsideItsHeaderGivesAWarning() {
    let outcome = BTSnoopBytes.decode(Array(BTSnoopBytes.monitorFile.prefix(183 + 10)), splitAt: [])
    #expect(outcome.records.count == 5)
    #expect(
      outcome.warning == .truncatedFinalRecord(recordNumber: 6, byteOffset: 183, presentBytes: 10, expectedBytes: 24))
  }

  @Test func corruptRecordMidFileNamesItsNumberAndOffset() {
    var bytes = BTSnoopBytes.hciFile
    // Record 3 (offset 16 + 27 + 30 = 73): included length 9 > original length 8.
    bytes.replaceSubrange(73..<81, with: BTSnoopBytes.bigEndian32(8) + BTSnoopBytes.bigEndian32(9))
    let outcome = BTSnoopBytes.decode(bytes, splitAt: [])
    #expect(outcome.records.count == 2)
    #expect(
      outcome.error
        == .corruptRecord(
          recordNumber: 3, byteOffset: 73, reason: .includedLengthExceedsOriginal(included: 9, original: 8)))
  }

  @Test func absurdIncludedLengthIsCorruptWithoutWaitingForTheBytes() {
    let bytes =
      BTSnoopBytes.header(datalink: 1001)
      + BTSnoopBytes.record(flags: 0, data: [], originalLength: 1 << 30, includedLength: 1 << 30)
    let outcome = BTSnoopBytes.decode(bytes, splitAt: [])
    #expect(
      outcome.error
        == .corruptRecord(recordNumber: 1, byteOffset: 16, reason: .includedLengthTooLarge(1 << 30)))
  }

  @Test func errorsAreSticky() {
    var decoder = BTSnoopDecoder()
    decoder.append(Array("pcapfile".utf8))
    #expect(throws: BTSnoopError.notBTSnoop(found: Array("pcapfile".utf8))) { try decoder.nextRecord() }
    decoder.append(BTSnoopBytes.hciFile)
    #expect(throws: BTSnoopError.notBTSnoop(found: Array("pcapfile".utf8))) { try decoder.nextRecord() }
    #expect(throws: BTSnoopError.notBTSnoop(found: Array("pcapfile".utf8))) { try decoder.finish() }
  }

  @Test func rejectsAPcapngFileAndSaysSo() {
    let pcapng: [UInt8] = [0x0A, 0x0D, 0x0D, 0x0A, 0x1C, 0x00, 0x00, 0x00, 0x4D, 0x3C, 0x2B, 0x1A]
    let outcome = BTSnoopBytes.decode(pcapng, splitAt: [])
    #expect(outcome.error == .notBTSnoop(found: Array(pcapng.prefix(8))))
    #expect(outcome.error?.description.hasSuffix("this looks like a pcapng file") == true)
    #expect(outcome.error?.description.contains("found 0A 0D 0D 0A 1C 00 00 00") == true)
  }

  @Test func shortInputThatIsNotBTSnoopIsNotReportedAsTruncated() {
    #expect(BTSnoopBytes.decode(Array("hello".utf8), splitAt: []).error == .notBTSnoop(found: Array("hello".utf8)))
  }

  @Test func partialFileHeaderIsAnError() {
    #expect(
      BTSnoopBytes.decode(Array(BTSnoopBytes.hciFile.prefix(11)), splitAt: []).error
        == .truncatedHeader(presentBytes: 11))
    #expect(BTSnoopBytes.decode([], splitAt: []).error == .truncatedHeader(presentBytes: 0))
  }

  @Test func headerOnlyFileHasNoRecordsAndNoWarning() {
    let outcome = BTSnoopBytes.decode(BTSnoopBytes.header(datalink: 2001), splitAt: [])
    #expect(outcome == BTSnoopBytes.DecodeOutcome())
  }

  @Test func unsupportedDatalinkListsTheSupportedOnes() {
    let outcome = BTSnoopBytes.decode(BTSnoopBytes.header(datalink: 1003), splitAt: [])
    #expect(outcome.error == .unsupportedDatalink(1003))
    #expect(outcome.error?.byteOffset == 12)
    #expect(
      outcome.error?.description
        == "unsupported btsnoop datalink 1003 at byte 12 "
        + "(supported: 1001 (HCI), 1002 (HCI UART/H4), 2001 (Linux monitor))")
  }

  @Test func unsupportedVersion() {
    let outcome = BTSnoopBytes.decode(BTSnoopBytes.header(datalink: 1002, version: 2), splitAt: [])
    #expect(outcome.error == .unsupportedVersion(2))
  }

  /// Bytes written straight into the decoder's buffer by a reader that returns fewer bytes than
  /// it was offered (as `read(2)` may), with records held across reads and the buffer
  /// compacted under them: the same records as one append, and records still held keep their
  /// bytes.
  @Test func readsStraightIntoItsBufferAsOneAppendWould() throws {
    let record = BTSnoopBytes.record(flags: 0x0000_0003, data: BTSnoopBytes.resetComplete)
    var stream = BTSnoopBytes.header(datalink: 2001)
    for number in 0..<5_000 {
      stream += BTSnoopBytes.record(flags: 0x0000_0003, data: BTSnoopBytes.resetComplete + [UInt8(number & 0xFF)])
    }
    stream += record.prefix(10)
    let whole = BTSnoopBytes.decode(stream, splitAt: [])
    var decoder = BTSnoopDecoder()
    var records: [BTSnoopRecord] = []
    var heldAcrossReads: [BTSnoopRecord] = []
    var position = 0
    var readNumber = 0
    while true {
      readNumber += 1
      // 1 to 997 bytes a read, whatever room is offered.
      let offer = 1 + (readNumber * 389) % 997
      let written = decoder.append(upTo: 4_096) { room in
        let count = min(offer, room.count, stream.count - position)
        room.copyBytes(from: stream[position..<(position + count)])
        return count
      }
      position += written
      if written == 0 { break }
      while let next = try decoder.nextRecord() {
        records.append(next.copied)
        // Not copied: its slice shares the buffer that the next reads write into.
        if records.count % 1_000 == 0 { heldAcrossReads.append(next) }
      }
    }
    #expect(position == stream.count)
    #expect(records == whole.records)
    #expect(records.count == 5_000)
    #expect(heldAcrossReads.map(\.copied) == heldAcrossReads.map { whole.records[$0.recordNumber - 1] })
    #expect(try decoder.finish() == whole.warning)
    #expect(whole.warning != nil)
  }

  @Test func memoryStaysBoundedWhileStreaming() throws {
    let record = BTSnoopBytes.record(flags: 0x0000_0003, data: BTSnoopBytes.resetComplete)
    var stream = BTSnoopBytes.header(datalink: 2001)
    for _ in 0..<60_000 { stream += record }
    var decoder = BTSnoopDecoder()
    var count = 0
    var largestBuffer = 0
    // 4099-byte chunks end mid-record, so consumed bytes must be dropped while some are pending.
    for start in stride(from: 0, to: stream.count, by: 4099) {
      decoder.append(stream[start..<min(start + 4099, stream.count)])
      largestBuffer = max(largestBuffer, decoder.bufferedByteCount)
      while try decoder.nextRecord() != nil { count += 1 }
    }
    #expect(try decoder.finish() == nil)
    #expect(count == 60_000)
    // 1.8 MB went through; the buffer never held more than the compaction slack and two chunks.
    #expect(largestBuffer <= 16_384 + 2 * 4099)
  }
}
