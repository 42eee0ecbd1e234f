#if canImport(Glibc)
  import Glibc
#endif

/// A two-tone chime, generated rather than shipped: a high note then a lower one, each with a
/// quick rise and an exponential fade so that neither clicks.
public struct Chime: Sendable {
  /// One note of the chime.
  public struct Tone: Sendable, Equatable {
    /// Pitch in hertz.
    public var frequency: Double
    /// Length in seconds.
    public var duration: Double

    /// A note of `frequency` hertz lasting `duration` seconds.
    public init(frequency: Double, duration: Double) {
      self.frequency = frequency
      self.duration = duration
    }
  }

  /// The notes, played one after the other.
  public var tones: [Tone]
  /// Samples per second.
  public var sampleRate: UInt32
  /// Peak level, 0 to 1 of full scale.
  public var amplitude: Double

  /// The arrival chime: E6 then C6 (a falling major third, as on station platforms), 0.4 s each,
  /// at 16 kHz.
  public static let arrival = Chime(
    tones: [Tone(frequency: 1318.5, duration: 0.4), Tone(frequency: 1046.5, duration: 0.4)],
    sampleRate: 16_000, amplitude: 0.6)

  /// A chime of the given notes.
  public init(tones: [Tone], sampleRate: UInt32, amplitude: Double) {
    self.tones = tones
    self.sampleRate = sampleRate
    self.amplitude = amplitude
  }

  /// The mono 16-bit samples.
  public func samples() -> [Int16] {
    let rate = Double(sampleRate)
    let attack = 0.005
    var samples: [Int16] = []
    for tone in tones {
      let count = Int((tone.duration * rate).rounded())
      for index in 0..<count {
        let time = Double(index) / rate
        let rise = min(1, time / attack)
        let fade = exp(-3 * time / tone.duration)
        let value = amplitude * rise * fade * sin(2 * Double.pi * tone.frequency * time)
        samples.append(Int16((value * Double(Int16.max)).rounded()))
      }
    }
    return samples
  }

  /// The chime as a WAV file's bytes (16-bit PCM, mono).
  public func wavBytes() -> [UInt8] {
    WAVEncoder(sampleRate: sampleRate, channelCount: 1).encode(samples())
  }
}
