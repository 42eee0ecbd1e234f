/// Encodes 16-bit PCM samples as a RIFF/WAVE file (the canonical 44-byte header, then the data).
///
/// The layout follows Microsoft's WAVE format: a `RIFF` chunk of type `WAVE` holding a `fmt `
/// chunk (format tag 1, PCM) and a `data` chunk. All fields are little-endian.
public struct WAVEncoder: Sendable {
  /// Samples per second, per channel.
  public var sampleRate: UInt32
  /// Interleaved channels (1 for mono).
  public var channelCount: UInt16

  /// The size of the header before the samples.
  public static let headerSize = 44
  /// Bits in one sample of one channel.
  public static let bitsPerSample: UInt16 = 16
  /// The `fmt ` chunk's format tag for integer PCM.
  public static let pcmFormatTag: UInt16 = 1

  /// An encoder for `channelCount` channels at `sampleRate`.
  public init(sampleRate: UInt32, channelCount: UInt16 = 1) {
    self.sampleRate = sampleRate
    self.channelCount = channelCount
  }

  /// The file's bytes for `samples` (interleaved when there is more than one channel).
  public func encode(_ samples: [Int16]) -> [UInt8] {
    let blockAlign = channelCount * (Self.bitsPerSample / 8)
    let dataSize = UInt32(samples.count * 2)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Self.headerSize + samples.count * 2)
    bytes.append(contentsOf: Array("RIFF".utf8))
    append(UInt32(36) + dataSize, to: &bytes)  // the rest of the file after this field
    bytes.append(contentsOf: Array("WAVE".utf8))
    bytes.append(contentsOf: Array("fmt ".utf8))
    append(UInt32(16), to: &bytes)  // fmt chunk size for PCM
    append(Self.pcmFormatTag, to: &bytes)
    append(channelCount, to: &bytes)
    append(sampleRate, to: &bytes)
    append(sampleRate * UInt32(blockAlign), to: &bytes)  // byte rate
    append(blockAlign, to: &bytes)
    append(Self.bitsPerSample, to: &bytes)
    bytes.append(contentsOf: Array("data".utf8))
    append(dataSize, to: &bytes)
    for sample in samples { append(UInt16(bitPattern: sample), to: &bytes) }
    return bytes
  }

  private func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }
}
