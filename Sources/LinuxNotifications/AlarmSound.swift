#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Plays an alarm sound with `paplay` (PulseAudio or PipeWire) or `aplay` (ALSA).
///
/// The sound is a file the user gives, or by default the ``Chime/arrival`` chime, generated into
/// a cache directory on first use so that nothing binary ships with the program. The player is
/// chosen on each use and killed if it runs longer than ``timeout``.
public final class AlarmSound: Sendable {
  /// A program that plays a WAV file.
  public enum Player: String, Sendable, CaseIterable {
    /// PulseAudio's player, also served by PipeWire; needs a sound server.
    case paplay
    /// ALSA's player; talks to the sound card directly.
    case aplay

    /// The arguments (after the program's name) that play `file` once, quietly.
    public func arguments(file: String) -> [String] {
      switch self {
      case .paplay: ["--", file]
      case .aplay: ["-q", "--", file]
      }
    }
  }

  /// Where the sound comes from.
  public enum Sound: Sendable, Equatable {
    /// A file the user gave.
    case file(path: String)
    /// The generated arrival chime, kept in `directory`.
    case generatedChime(directory: String)
  }

  /// The name of the generated chime's file; the suffix changes when the chime does.
  public static let chimeFileName = "arrival-chime-v1.wav"

  /// The sound played.
  public let sound: Sound
  /// How long the player may run before it is killed.
  public let timeout: Duration
  private let host: HostSystem
  private let runner: any ProcessRunner

  /// An alarm playing `sound` (the generated chime in ``defaultChimeDirectory(host:)`` when
  /// `nil`) on `host`, running the player with `runner`.
  public init(
    sound: Sound? = nil, timeout: Duration = .seconds(4), host: HostSystem = .live,
    runner: any ProcessRunner = SpawnProcessRunner()
  ) {
    self.sound = sound ?? .generatedChime(directory: Self.defaultChimeDirectory(host: host))
    self.timeout = timeout
    self.host = host
    self.runner = runner
  }

  /// `$XDG_CACHE_HOME/beacon-toolkit`, else `$HOME/.cache/beacon-toolkit`, else a directory in `/tmp`.
  public static func defaultChimeDirectory(host: HostSystem) -> String {
    if let cache = host.variables["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/beacon-toolkit" }
    if let home = host.variables["HOME"], home.hasPrefix("/"), home != "/" { return home + "/.cache/beacon-toolkit" }
    return "/tmp/beacon-toolkit"
  }

  /// The path of the file played.
  public var soundFilePath: String {
    switch sound {
    case .file(let path): path
    case .generatedChime(let directory): directory + "/" + Self.chimeFileName
    }
  }

  /// Whether the alarm can sound now.
  public var availability: ChannelAvailability {
    switch resolve() {
    case .success(let (player, path)):
      let what = if case .file = sound { "\(soundFilePath)" } else { "generated chime \(soundFilePath)" }
      return .available(detail: "\(player.rawValue) at \(path), \(what)")
    case .failure(let reason):
      return .unavailable(reason)
    }
  }

  /// The player that would be used now and its path, or why there is none.
  public func resolvePlayer() -> Result<(Player, String), ChannelUnavailableReason> {
    let search = ExecutableSearch(host: host)
    let paplay = search.locate(Player.paplay.rawValue)
    if let paplay, hasSoundServer { return .success((.paplay, paplay)) }
    if let aplay = search.locate(Player.aplay.rawValue) { return .success((.aplay, aplay)) }
    return .failure(paplay == nil ? .noSoundPlayer : .noSoundServer)
  }

  /// Plays the sound once, writing the generated chime first if it is not there yet.
  /// - Throws: ``ChannelDeliveryError`` when there is no player or sound, or the player fails.
  public func play() throws(ChannelDeliveryError) {
    let (player, path): (Player, String)
    switch resolve() {
    case .success(let found): (player, path) = found
    case .failure(let reason): throw .unavailable(reason)
    }
    try prepareSoundFile()
    try HelperProgram(path: path, runner: runner, timeout: timeout).run(player.arguments(file: soundFilePath))
  }

  /// Writes the generated chime to ``soundFilePath`` unless it is already there; does nothing
  /// for a user's file.
  /// - Throws: ``ChannelDeliveryError/soundFileNotWritten(path:reason:)``.
  public func prepareSoundFile() throws(ChannelDeliveryError) {
    guard case .generatedChime(let directory) = sound, !host.fileExists(soundFilePath) else { return }
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try Data(Chime.arrival.wavBytes()).write(to: URL(fileURLWithPath: soundFilePath), options: .atomic)
    } catch {
      throw .soundFileNotWritten(path: soundFilePath, reason: FileErrorReason.describe(error))
    }
  }

  private func resolve() -> Result<(Player, String), ChannelUnavailableReason> {
    let player = resolvePlayer()
    if case .success = player, case .file(let path) = sound, !host.fileExists(path) {
      return .failure(.soundFileMissing(path: path))
    }
    return player
  }

  private var hasSoundServer: Bool {
    if let server = host.variables["PULSE_SERVER"], !server.isEmpty { return true }
    guard let runtime = host.variables["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return false }
    return host.fileExists(runtime + "/pulse/native")
  }
}
