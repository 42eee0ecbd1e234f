import LinuxNotifications
import Testing

@Suite struct WAVEncoderTests {
  private func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
  }

  private func uint16(_ bytes: [UInt8], at offset: Int) -> UInt16 {
    UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
  }

  @Test func arrivalChimeHeader() {
    let bytes = Chime.arrival.wavBytes()
    let sampleCount = 12_800  // 0.8 s at 16 kHz

    #expect(bytes.count == 44 + sampleCount * 2)
    #expect(Array(bytes[0..<4]) == Array("RIFF".utf8))
    #expect(uint32(bytes, at: 4) == UInt32(36 + sampleCount * 2))
    #expect(Array(bytes[8..<12]) == Array("WAVE".utf8))
    #expect(Array(bytes[12..<16]) == Array("fmt ".utf8))
    #expect(uint32(bytes, at: 16) == 16)
    #expect(uint16(bytes, at: 20) == 1)  // PCM
    #expect(uint16(bytes, at: 22) == 1)  // mono
    #expect(uint32(bytes, at: 24) == 16_000)
    #expect(uint32(bytes, at: 28) == 32_000)  // byte rate
    #expect(uint16(bytes, at: 32) == 2)  // block align
    #expect(uint16(bytes, at: 34) == 16)  // bits per sample
    #expect(Array(bytes[36..<40]) == Array("data".utf8))
    #expect(uint32(bytes, at: 40) == UInt32(sampleCount * 2))
  }

  @Test func chimeSamplesAreAudibleAndWithinRange() {
    let samples = Chime.arrival.samples()
    #expect(samples.count == 12_800)
    #expect(samples.prefix(32).contains { $0 != 0 })
    let peak = samples.map { Int($0).magnitude }.max() ?? 0
    #expect(peak > 10_000)
    #expect(peak <= UInt(0.6 * Double(Int16.max)) + 1)
    // The second tone starts quiet again (no click) and then rises.
    #expect(abs(Int(samples[6_400])) < 100)
  }

  @Test func samplesAreLittleEndianAfterTheHeader() {
    let bytes = WAVEncoder(sampleRate: 8_000).encode([1, -2, 0x1234])
    #expect(Array(bytes[44...]) == [0x01, 0x00, 0xFE, 0xFF, 0x34, 0x12])
    #expect(uint32(bytes, at: 24) == 8_000)
    #expect(uint32(bytes, at: 40) == 6)
  }
}
