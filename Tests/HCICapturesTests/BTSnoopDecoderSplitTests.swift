import BeaconTestSupport
import HCICaptures
import HCICodec
import Testing

/// The same bytes must decode to the same records and outcome however they are split into
/// appends: whole, at random cuts, and one byte at a time.
@Suite("BTSnoopDecoder input splitting")
struct BTSnoopDecoderSplitTests {
  static let inputs: [(name: String, bytes: [UInt8])] = {
    var corrupt = BTSnoopBytes.hciFile
    corrupt.replaceSubrange(73..<81, with: BTSnoopBytes.bigEndian32(8) + BTSnoopBytes.bigEndian32(9))
    return [
      ("monitor", BTSnoopBytes.monitorFile),
      ("h4", BTSnoopBytes.h4File),
      ("hci", BTSnoopBytes.hciFile),
      ("truncated final record", Array(BTSnoopBytes.monitorFile.dropLast(3))),
      ("corrupt record", corrupt),
      ("not btsnoop", Array("GIF89a, certainly not a capture".utf8)),
      ("partial header", Array(BTSnoopBytes.h4File.prefix(12))),
    ]
  }()

  @Test(arguments: 0..<7)
  func splitsDoNotChangeTheOutcome(inputIndex: Int) {
    let (name, bytes) = Self.inputs[inputIndex]
    let whole = BTSnoopBytes.decode(bytes, splitAt: [])
    #expect(!whole.records.isEmpty || whole.error != nil, "\(name) decodes to something")

    let byteByByte = BTSnoopBytes.decode(bytes, splitAt: Array(0..<bytes.count))
    #expect(byteByByte == whole, "\(name), one byte at a time")

    var generator = SplitMix64(seed: UInt64(inputIndex) &+ 0x5EED)
    for _ in 0..<50 {
      let cutCount = Int(generator.next() % 8)
      let cuts = (0..<cutCount).map { _ in Int(generator.next() % UInt64(bytes.count + 1)) }.sorted()
      #expect(BTSnoopBytes.decode(bytes, splitAt: cuts) == whole, "\(name), cut at \(cuts)")
    }
  }
}
