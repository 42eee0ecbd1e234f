import HCICaptures
import HCICodec
import Testing

@Suite("capture format sniffing")
struct PCAPFormatSniffingTests {
  @Test func knownFormats() {
    #expect(CaptureFileFormat(leadingBytes: Array("btsnoop".utf8) + [0, 0, 0, 0, 1]) == .btsnoop)
    #expect(CaptureFileFormat(leadingBytes: [0xD4, 0xC3, 0xB2, 0xA1, 2, 0]) == .pcap)
    #expect(CaptureFileFormat(leadingBytes: [0xA1, 0xB2, 0xC3, 0xD4]) == .pcap)
    #expect(CaptureFileFormat(leadingBytes: [0x4D, 0x3C, 0xB2, 0xA1]) == .pcap)
    #expect(CaptureFileFormat(leadingBytes: [0xA1, 0xB2, 0x3C, 0x4D]) == .pcap)
    #expect(CaptureFileFormat(leadingBytes: PCAPBytes.sectionHeader(bigEndian: true)) == .pcapng)
  }

  @Test func otherFiles() {
    #expect(
      CaptureFileFormat(leadingBytes: [0x1F, 0x8B, 0x08, 0x00])
        == .unknown(looksLike: "gzip-compressed: decompress first"))
    #expect(CaptureFileFormat(leadingBytes: [UInt8]()) == .unknown(looksLike: "an empty file"))
    #expect(
      CaptureFileFormat(leadingBytes: Array("Bluetooth monitor ver 5.66\n".utf8))
        == .unknown(looksLike: "a text file (a capture must be the binary file, not a text export)"))
    #expect(
      CaptureFileFormat(leadingBytes: [0x00, 0x01, 0x02, 0xFF]) == .unknown(looksLike: "unrecognized binary data"))
    #expect(CaptureFileFormat(leadingBytes: [0x50, 0x4B, 0x03, 0x04]).description.contains("zip archive"))
  }
}
